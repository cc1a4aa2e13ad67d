import { describe, expect, it } from "vitest";
import { formatPersonName } from "@/lib/dossier/display-formats.shared";
import type { CompanyResponse } from "@/lib/registry/schemas.shared";
import { generateCompany } from "@/simulator/data/company";
import { pdfPageTexts } from "@/test/pdf-text";
import type { EvidenceFacts } from "./evidence-facts";
import { renderReport, sandboxWatermark } from "./report-pdf";

const facts = (environment: "sandbox" | "production"): EvidenceFacts => ({
  connection: { name: "Simulator", environment },
  orderedBy: "officer@example.com",
  caseReference: "CASE-42",
  creditsCharged: 12.5,
  versions: [
    {
      version: 1,
      source: "webhook",
      appliedAt: new Date("2026-11-24T09:00:00Z"),
      dataStatus: { dataPoints: { company: { status: "succeeded" } } },
    },
  ],
  alerts: [],
  riskAndReview: null,
});

function snapshotOf(id: string): CompanyResponse {
  const { sections } = generateCompany("DE", id);
  const dataPoints = Object.fromEntries(
    ["company", "legalRepresentatives", "ultimateBeneficialOwners", "graph"].map((name) => [
      name,
      { status: "succeeded", authoritative: true, cost: 2 },
    ]),
  );
  return { ...(sections as unknown as CompanyResponse), request: { requestId: `req_${id}`, version: 1, dataStatus: { dataPoints } } };
}

async function render(id: string, environment: "sandbox" | "production" = "sandbox") {
  const snapshot = snapshotOf(id);
  const stream = await renderReport({
    requestId: `req_${id}`,
    version: 1,
    snapshot,
    facts: facts(environment),
    generatedAt: new Date("2026-11-24T10:00:00Z"),
    generatedBy: "auditor@example.com",
    documentFiles: new Map(),
    manifestSha256: "a".repeat(64),
  });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const pdf = Buffer.concat(chunks);
  return { snapshot, pdf, pages: await pdfPageTexts(new Uint8Array(pdf)) };
}

// pdf.js gives back the text as drawn: collapse whitespace and line ends before searching.
const flat = (s: string) => s.replace(/\s+/g, "");

describe("evidence report PDF", () => {
  it("writes real text: the company, every UBO, the request id, and the manifest hash on the last page", async () => {
    const { snapshot, pages } = await render("UNICODE");
    const all = flat(pages.join(" "));
    expect(all).toContain(flat(snapshot.company!.legalName!.normalize()).slice(0, 20));
    for (const ubo of snapshot.ultimateBeneficialOwners ?? []) expect(all).toContain(flat(formatPersonName(ubo.name)!).slice(0, 12));
    expect(all).toContain("req_UNICODE");
    expect(flat(pages.at(-1)!)).toContain("a".repeat(64));
  }, 60_000);

  it("watermarks every page of a sandbox report, and no page of a production one", async () => {
    const sandbox = await render("SPARSE", "sandbox");
    expect(sandbox.pages.length).toBeGreaterThan(2);
    for (const page of sandbox.pages) expect(flat(page)).toContain(flat(sandboxWatermark));
    const production = await render("SPARSE", "production");
    for (const page of production.pages) expect(flat(page)).not.toContain(flat(sandboxWatermark));
  }, 60_000);

  it("wraps LONG_NAMES within the page and draws LARGE's 2,000-node graph as vector paths", async () => {
    const long = await render("LONG_NAMES");
    expect(flat(long.pages.join(""))).toContain(flat(long.snapshot.company!.legalName!).slice(0, 200));
    const large = await render("LARGE");
    expect(large.snapshot.graph!.nodes.length).toBeGreaterThanOrEqual(2000);
    expect(large.pdf.length).toBeGreaterThan(100_000);
  }, 120_000);
});
