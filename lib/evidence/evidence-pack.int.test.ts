import { eq } from "drizzle-orm";
import { unzipSync, strFromU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, companyRequests } from "@/db/schema";
import { signedUrlWithheld } from "@/lib/dossier/withhold-signed-urls.shared";
import { storeSnapshot } from "@/lib/requests/store-snapshot";
import { storedRequest } from "@/lib/requests/stored-request";
import { pdfPageTexts } from "@/test/pdf-text";
import { startSimulatorWithConnection } from "@/test/simulator-connection";
import { insertUser } from "@/test/users-fixture";
import { evidencePack } from "./evidence-pack";
import { sha256Hex } from "./manifest";
import { sandboxWatermark } from "./report-pdf";

let sim: Awaited<ReturnType<typeof startSimulatorWithConnection>>["sim"];
let connectionId = "";
let requestId = "";
let documentId = "";

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const flat = (s: string) => s.replace(/\s+/g, "");

describe("the evidence pack", () => {
  beforeAll(async () => {
    ({ sim, connectionId } = await startSimulatorWithConnection());
    const listing = await sim.call("POST", "/v2/company", { id: "UNICODE", countryCode: "DE", dataPoints: ["availableDocuments"] });
    await sim.call("POST", "/_sim/advance", { seconds: 30 });
    await sim.simulator.runDue();
    documentId = ((await sim.call("GET", `/v2/company/${listing.json.request.requestId}`)).json.availableDocuments as { id: string }[])[0]!
      .id;
    const created = await sim.call("POST", "/v2/company", {
      id: "UNICODE",
      countryCode: "DE",
      dataPoints: ["company", "legalRepresentatives", "ultimateBeneficialOwners", "availableDocuments"],
      documents: [documentId],
      metadata: { caseReference: "CASE-EV-1" },
    });
    requestId = created.json.request.requestId;
    await sim.call("POST", "/_sim/advance", { seconds: 600 });
    await sim.simulator.runDue();
    await db().insert(companyRequests).values({ requestId, connectionId, origin: "console", countryCode: "DE", companyId: "UNICODE" });
    const snapshot = (await sim.call("GET", `/v2/company/${requestId}`)).json;
    await db().transaction((tx) => storeSnapshot(tx, connectionId, snapshot, "poll"));
  }, 120_000);
  afterAll(() => sim.close());

  it("holds the snapshot without signed URLs, the delivered document, the report and a manifest whose every hash matches", async () => {
    const auditor = await insertUser("auditor@example.com", "auditor");
    const request = (await storedRequest(requestId))!;
    const zip = await collect(evidencePack(request, { id: auditor.id, email: auditor.email }));
    const entries = unzipSync(new Uint8Array(zip));
    const names = Object.keys(entries);
    expect(names[0]).toBe("snapshot.json");
    expect(names.slice(-2)).toEqual(["report.pdf", "manifest.json"]);
    expect(names.filter((n) => n.startsWith("documents/"))).toHaveLength(1);

    const manifest = JSON.parse(strFromU8(entries["manifest.json"]!));
    expect(manifest).toMatchObject({
      requestId,
      generatedBy: "auditor@example.com",
      console: { version: "0.1.0" },
      documentsNotIncluded: [],
    });
    expect(manifest.files.map((f: { path: string }) => f.path).sort()).toEqual(
      names.filter((n) => n !== "manifest.json" && n !== "report.pdf").sort(),
    );
    for (const file of manifest.files as { path: string; sha256: string; bytes: number }[]) {
      expect(sha256Hex(Buffer.from(entries[file.path]!)), file.path).toBe(file.sha256);
      expect(entries[file.path]!.length).toBe(file.bytes);
    }

    const snapshotJson = strFromU8(entries["snapshot.json"]!);
    expect(snapshotJson).toContain(signedUrlWithheld);
    expect(snapshotJson).not.toMatch(/[?&](signature|sig|token|expires)=/i);

    const manifestSha = sha256Hex(Buffer.from(entries["manifest.json"]!));
    const pages = await pdfPageTexts(entries["report.pdf"]!);
    expect(flat(pages.at(-1)!)).toContain(manifestSha);
    for (const page of pages) expect(flat(page)).toContain(flat(sandboxWatermark));
    expect(flat(pages.join(""))).toContain("CASE-EV-1");

    const [row] = await db().select().from(auditLog).where(eq(auditLog.action, "evidence.exported"));
    expect(row).toMatchObject({ actorEmail: "auditor@example.com", target: requestId });
    expect(row!.details).toMatchObject({
      version: request.version,
      fileCount: names.length,
      bytes: zip.length,
      zipSha256: sha256Hex(zip),
      manifestSha256: manifestSha,
    });
  }, 120_000);

  it("names a document it could not fetch in the manifest instead of failing the pack", async () => {
    const request = (await storedRequest(requestId))!;
    const stream = evidencePack(
      request,
      { id: null, email: "system" },
      {
        fetchDocument: async () => ({ ok: false, status: 502, code: "download_failed", message: "The file host did not answer." }),
      },
    );
    const entries = unzipSync(new Uint8Array(await collect(stream)));
    const manifest = JSON.parse(strFromU8(entries["manifest.json"]!));
    expect(manifest.documentsNotIncluded).toEqual([
      { id: documentId, name: expect.anything(), reason: "download_failed: The file host did not answer." },
    ]);
    expect(Object.keys(entries).some((n) => n.startsWith("documents/"))).toBe(false);
  }, 120_000);
});
