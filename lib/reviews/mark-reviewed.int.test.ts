import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { companyFiles, companyRequests, reviewedBaselines } from "@/db/schema";
import { storeCompanyFile } from "@/test/portfolio-fixtures";
import { storeSandboxConnection } from "@/test/stored-connection";
import { insertUser } from "@/test/users-fixture";
import { markReviewed } from "./mark-reviewed";

let connectionId = "";
const key = () => ({ connectionId, countryCode: "GB", companyId: "REVIEWED-TWICE" });

describe("marking a company reviewed again", () => {
  beforeAll(async () => {
    connectionId = await storeSandboxConnection();
  });

  it("replaces the company's reviewed baseline with the file's newest request, by the later reviewer, at the later time", async () => {
    const [first, second] = [
      await insertUser(`first-${crypto.randomUUID()}@example.com`, "compliance"),
      await insertUser(`second-${crypto.randomUUID()}@example.com`, "compliance"),
    ];
    await storeCompanyFile(key(), { companyName: "Twice Ltd", requestId: "req_twice_1", version: 2 });
    const firstAt = new Date("2026-03-01T10:00:00.123Z");
    expect(await markReviewed(first, key(), { outcome: "keep", comment: "Fine." }, firstAt)).toMatchObject({ ok: true });

    await db()
      .insert(companyRequests)
      .values({ requestId: "req_twice_2", origin: "console", ...key(), version: 5, complete: true });
    await db().update(companyFiles).set({ latestRequestId: "req_twice_2" }).where(eq(companyFiles.companyId, key().companyId));
    const secondAt = new Date("2026-04-01T10:00:00.456Z");
    expect(await markReviewed(second, key(), { outcome: "keep", comment: "Still fine." }, secondAt)).toMatchObject({
      ok: true,
      review: { baseline: { requestId: "req_twice_2", version: 5 } },
    });

    expect(await db().select().from(reviewedBaselines).where(eq(reviewedBaselines.connectionId, connectionId))).toEqual([
      { ...key(), requestId: "req_twice_2", version: 5, alertId: null, reviewedBy: second.id, reviewedAt: secondAt },
    ]);
  });
});
