import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { batches, type User } from "@/db/schema";
import { stopJobQueue } from "@/lib/jobs/job-queue";
import { storeSandboxConnection } from "@/test/stored-connection";
import { auditDetailsOf, insertUser } from "@/test/users-fixture";
import { startBatchImport, previewBatchFile } from "./batch-import";
import { createBatch, readBatch, readBatchRows } from "./batch-records";
import { resolveRow } from "./resolve-row";

let user: User;
let connectionId: string;

const candidates = [
  { companyId: "A1", legalName: "Rheintal Handel GmbH", score: 1, reason: "Exact legal name" },
  { companyId: "B2", legalName: "Rheintal Handel GmbH", score: 1, reason: "Exact legal name" },
];

async function reviewingBatch() {
  const { batchId } = await createBatch(user, {
    kind: "import",
    connectionId,
    datapoints: ["companyProfile"],
    fileDigest: crypto.randomUUID(),
    rows: [
      {
        rowNumber: 1,
        input: { name: "Alpha" },
        countryCode: "DE",
        matchState: "matched",
        companyId: "A1",
        companyName: "Rheintal Handel GmbH",
      },
      { rowNumber: 2, input: { name: "Rheintal Handel GmbH" }, countryCode: "DE" },
      { rowNumber: 3, input: { name: "Rheintal Handel GmbH" }, countryCode: "DE" },
    ],
  });
  await db().execute(
    // Rows 2 and 3 as matching left them: ambiguous between two companies.
    sql`update batch_rows set match_state = 'ambiguous', candidates = ${JSON.stringify(candidates)}::jsonb
      where batch_id = ${batchId} and row_number in (2, 3)`,
  );
  await db().update(batches).set({ status: "reviewing" }).where(eq(batches.id, batchId));
  const rows = await readBatchRows(batchId);
  return { batchId, rows };
}

describe("resolving an ambiguous row", () => {
  beforeAll(async () => {
    user = await insertUser("resolver@example.com", "compliance");
    connectionId = await storeSandboxConnection({ name: "Resolve", baseUrl: "http://127.0.0.1:9" });
  });

  afterAll(() => stopJobQueue(0));

  it("sets the picked company, audited; a second row picking the same company is a duplicate of the first", async () => {
    const { batchId, rows } = await reviewingBatch();
    expect(await resolveRow(user, batchId, rows[1]!.id, { companyId: "B2" })).toEqual({ ok: true, data: { matchState: "matched" } });
    expect(await resolveRow(user, batchId, rows[2]!.id, { companyId: "A1" })).toEqual({
      ok: true,
      data: { matchState: "duplicate", duplicateOf: 1 },
    });
    const after = await readBatchRows(batchId);
    expect(after[1]).toMatchObject({
      matchState: "matched",
      companyId: "B2",
      matchScore: 1,
      matchReason: "Picked by resolver@example.com among 2: Exact legal name",
    });
    expect(after[2]).toMatchObject({ matchState: "duplicate", companyId: "A1", matchReason: "Same company as row 1" });
    const audits = await auditDetailsOf("batch.row_resolved", user.email);
    expect(audits.slice(-2).map((a) => a.details)).toEqual([
      { row: 2, companyId: "B2", companyName: "Rheintal Handel GmbH", became: "matched" },
      { row: 3, companyId: "A1", companyName: "Rheintal Handel GmbH", became: "duplicate" },
    ]);
  });

  it("takes none of these as not found", async () => {
    const { batchId, rows } = await reviewingBatch();
    expect(await resolveRow(user, batchId, rows[1]!.id, { none: true })).toEqual({ ok: true, data: { matchState: "not_found" } });
    expect((await readBatchRows(batchId))[1]).toMatchObject({ matchState: "not_found", outcome: "skipped", companyId: null });
  });

  it("refuses a company that is not a candidate, a row already resolved, and a batch already confirmed, changing nothing", async () => {
    const { batchId, rows } = await reviewingBatch();
    expect(await resolveRow(user, batchId, rows[1]!.id, { companyId: "ZZ" })).toMatchObject({ ok: false, code: "invalid_input" });
    expect(await resolveRow(user, batchId, rows[0]!.id, { companyId: "A1" })).toMatchObject({ ok: false, code: "not_ambiguous" });
    await db().update(batches).set({ status: "ordering" }).where(eq(batches.id, batchId));
    expect(await resolveRow(user, batchId, rows[1]!.id, { companyId: "A1" })).toMatchObject({ ok: false, code: "not_waiting" });
    expect(await resolveRow(user, crypto.randomUUID(), rows[1]!.id, { companyId: "A1" })).toMatchObject({ ok: false, code: "not_found" });
    expect((await readBatchRows(batchId)).map((r) => r.matchState)).toEqual(["matched", "ambiguous", "ambiguous"]);
  });
});

describe("importing a customer list", () => {
  const file = "name,country,owner\nThomas Robert EI,FR,resolver@example.com\nAcme,Atlantis,\nBeta SA,FR,nobody@example.com\n";

  it("previews each row's problems, an unknown owner among them, storing nothing", async () => {
    const preview = await previewBatchFile(connectionId, file);
    expect(preview.ok && preview.data.rows.map((r) => r.problems)).toEqual([
      [],
      ['Unknown country "Atlantis": write a country the registry covers, as a name (France) or a two-letter code (FR).'],
      ['The owner "nobody@example.com" is not a user of this console.'],
    ]);
    expect(preview.ok && preview.data.existingBatchId).toBeNull();
  });

  it("stores the list as an import of the Full KYB dossier; the same file again opens the same batch", async () => {
    const first = await startBatchImport(user, connectionId, { name: "customers.csv", text: file });
    if (!first.ok) throw new Error(first.error);
    expect(first.data.existing).toBe(false);
    const batch = await readBatch(first.data.batchId);
    expect(batch).toMatchObject({ kind: "import", status: "matching", fileName: "customers.csv", createdByEmail: user.email });
    expect(batch!.datapoints.length).toBeGreaterThan(1);
    const rows = await readBatchRows(first.data.batchId);
    expect(rows.map((r) => [r.rowNumber, r.matchState, r.countryCode, r.input])).toEqual([
      [1, "pending", "FR", { name: "Thomas Robert EI", countryCode: "FR", owner: "resolver@example.com" }],
      [2, "invalid", "ATLANTIS", { name: "Acme", countryCode: "Atlantis" }],
      [3, "invalid", "FR", { name: "Beta SA", countryCode: "FR", owner: "nobody@example.com" }],
    ]);

    const again = await startBatchImport(user, connectionId, { name: "renamed.csv", text: file });
    expect(again).toEqual({ ok: true, data: { batchId: first.data.batchId, existing: true } });
    const preview = await previewBatchFile(connectionId, file);
    expect(preview.ok && preview.data.existingBatchId).toBe(first.data.batchId);
    expect(await readBatchRows(first.data.batchId)).toHaveLength(3);
  });

  it("refuses a file it cannot read, storing nothing", async () => {
    expect(await startBatchImport(user, connectionId, { name: "x.csv", text: "city\nParis\n" })).toMatchObject({
      ok: false,
      code: "invalid_input",
    });
  });
});
