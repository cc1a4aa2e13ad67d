import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { companyReviews } from "@/db/schema";
import type { StoredRequest } from "@/lib/requests/stored-request";
import { pdfPageTexts } from "@/test/pdf-text";
import { storePortfolioEntry, storeRating } from "@/test/portfolio-fixtures";
import { storeSandboxConnection } from "@/test/stored-connection";
import { evidencePack } from "./evidence-pack";
import { neverReviewed, notRatedYet } from "./risk-and-review";

let connectionId = "";

const request = (companyId: string): StoredRequest => ({
  requestId: `req_${companyId}`,
  origin: "console",
  connectionId,
  countryCode: "GB",
  companyId,
  companyName: `${companyId} Ltd`,
  version: 1,
  complete: true,
  snapshot: { request: { requestId: `req_${companyId}`, countryCode: "GB", companyId, dataStatus: { dataPoints: {} } } } as never,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
  webhooksConfigured: false,
});

async function pack(companyId: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of evidencePack(request(companyId), { id: null, email: "system" })) chunks.push(chunk as Buffer);
  const entries = unzipSync(new Uint8Array(Buffer.concat(chunks)));
  const manifest = JSON.parse(strFromU8(entries["manifest.json"]!));
  const report = (await pdfPageTexts(entries["report.pdf"]!)).join("\n").replace(/\s+/g, " ");
  return { manifest, report };
}

beforeAll(async () => {
  connectionId = await storeSandboxConnection({ webhookSecret: "whsec_pack" });
  const key = { connectionId, countryCode: "GB", companyId: "EV-RATED" };
  const ratingId = await storeRating(key, "high", 55, [
    { rule: "youngCompany", points: 15, sentence: "Incorporated 4 months ago (company.incorporationDate 2026-07-01)." },
    { rule: "insolvency", points: 40, sentence: "Under insolvency proceedings since 2026-10-02." },
  ]);
  const [review] = await db()
    .insert(companyReviews)
    .values({
      ...key,
      outcome: "enhanced_due_diligence",
      comment: "Insolvency noted; enhanced checks agreed.",
      rating: "high",
      ratingId,
      reviewedByEmail: "officer@example.com",
      reviewedAt: new Date("2026-11-20T09:15:00Z"),
      nextReviewDue: new Date("2027-11-20T09:15:00Z"),
    })
    .returning({ id: companyReviews.id });
  await storePortfolioEntry(key, {
    rating: "high",
    score: 55,
    ratingId,
    modelVersion: 1,
    lastReviewId: review!.id,
    lastReviewedAt: new Date("2026-11-20T09:15:00Z"),
    nextReviewDue: new Date("2027-11-20T09:15:00Z"),
  });
});

describe("the evidence pack's risk rating and review", () => {
  it("states the rating in force with its reasons (highest points first) and the last review, in the report and the manifest", async () => {
    const { manifest, report } = await pack("EV-RATED");
    expect(manifest.riskAndReview).toMatchObject({
      rating: "High risk",
      ratingDetail: expect.stringContaining("score 55, risk model version 1"),
      reasons: [
        "Under insolvency proceedings since 2026-10-02. (+40 points)",
        "Incorporated 4 months ago (company.incorporationDate 2026-07-01). (+15 points)",
      ],
      lastReview: "Enhanced due diligence, by officer@example.com on 2026-11-20 09:15 UTC",
      comment: "Insolvency noted; enhanced checks agreed.",
      nextReviewDue: "20 November 2027",
    });
    expect(report).toContain("Risk rating and review");
    expect(report).toContain("Risk rating: High risk (score 55");
    expect(report).toContain("Under insolvency proceedings since 2026-10-02. (+40 points)");
    expect(report).toContain("Last review: Enhanced due diligence, by officer@example.com on 2026-11-20 09:15 UTC");
    expect(report).toContain("Insolvency noted; enhanced checks agreed.");
    expect(report).toContain("Next review due: 20 November 2027");
  }, 60_000);

  it("says 'Not rated yet' and 'Never reviewed' for a company without a rating or a review", async () => {
    const { manifest, report } = await pack("EV-UNKNOWN");
    expect(manifest.riskAndReview).toMatchObject({ rating: notRatedYet, lastReview: neverReviewed, reasons: [] });
    expect(report).toContain(`Risk rating: ${notRatedYet}`);
    expect(report).toContain(`Last review: ${neverReviewed}`);
  }, 60_000);
});
