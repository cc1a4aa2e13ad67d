import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { batches, registryConnections, type User } from "@/db/schema";
import { findConnection } from "@/lib/connections/manage-connections";
import { openRegistry, type Registry } from "@/lib/connections/registry-for";
import { sealSecret } from "@/lib/secret-box";
import { directory } from "@/simulator/data/search";
import { testApiKey } from "@/simulator/test-harness";
import { startHttpStub } from "@/test/http-stub";
import { startSimulatorWithConnection } from "@/test/simulator-connection";
import { insertUser } from "@/test/users-fixture";
import { matchBatchRows } from "./batch-matching";
import { createBatch, readBatch, readBatchRows, type NewBatchRow } from "./batch-records";

let sim: Awaited<ReturnType<typeof startSimulatorWithConnection>>["sim"];
let registry: Registry;
let stub: Awaited<ReturnType<typeof startHttpStub>>;
let stubRegistry: Registry;
let user: User;

const idOf = (country: "DE" | "FR" | "GR" | "RU", legalName: string) => directory(country).find((i) => i.legalName === legalName)!.id;

async function batchOf(registryUsed: Registry, rows: Omit<NewBatchRow, "rowNumber">[]) {
  const { batchId } = await createBatch(user, {
    kind: "import",
    connectionId: registryUsed.connection.id,
    datapoints: ["companyProfile"],
    fileName: "list.csv",
    fileDigest: crypto.randomUUID(),
    rows: rows.map((row, i) => ({ ...row, rowNumber: i + 1 })),
  });
  return (await readBatch(batchId))!;
}

const row = (countryCode: string, input: Record<string, string>): Omit<NewBatchRow, "rowNumber"> => ({
  countryCode,
  input: { countryCode, ...input },
});

const farFuture = () => Date.now() + 60_000;

describe("matching a customer list against the registry", () => {
  beforeAll(async () => {
    const started = await startSimulatorWithConnection();
    sim = started.sim;
    registry = (await openRegistry(await findConnection(started.connectionId)))!;
    stub = await startHttpStub();
    const [stored] = await db()
      .insert(registryConnections)
      .values({ name: "Stub", environment: "sandbox", baseUrl: stub.url, apiKeySealed: sealSecret(testApiKey), apiKeyHint: "sk_dev_…" })
      .returning();
    stubRegistry = (await openRegistry(await findConnection(stored!.id)))!;
    user = await insertUser("matcher@example.com", "compliance");
  });

  afterAll(async () => {
    await sim?.close();
    await stub?.close();
  });

  it("matches exact, legal-form, transliterated and English names and numbers; lists ambiguous rows; marks duplicates", async () => {
    const batch = await batchOf(registry, [
      row("FR", { name: "Thomas Robert EI" }),
      row("DE", { name: "Verein Nordlicht Handel" }),
      row("GR", { name: "Nikos Oikonomou Eboriki" }),
      row("RU", { name: "progress construction ano" }),
      row("DE", { name: "Rheintal Handel GmbH" }),
      row("DE", { name: "Zebra Quantum Holdings" }),
      row("FR", { number: "230 644 874" }),
      row("FR", { number: idOf("FR", "Thomas Robert EI") }),
      { ...row("FR", {}), problems: ["The row has neither a company name nor a registration number."] },
      row("FR", { number: "999999999" }),
    ]);
    expect(await matchBatchRows(batch, registry, farFuture())).toEqual({ remaining: 0 });

    const rows = await readBatchRows(batch.id);
    const view = rows.map((r) => ({
      match: r.matchState,
      company: r.companyId,
      score: r.matchScore,
      reason: r.matchReason,
      outcome: r.outcome,
      why: r.outcomeReason,
    }));
    expect(view[0]).toMatchObject({
      match: "matched",
      company: idOf("FR", "Thomas Robert EI"),
      score: 1,
      reason: "Exact legal name (score 100%)",
    });
    expect(view[1]).toMatchObject({
      match: "matched",
      company: idOf("DE", "Verein Nordlicht Handel e.V."),
      score: 0.95,
      reason: "Same legal name apart from the legal form (“Verein Nordlicht Handel e.V.”) (score 95%)",
    });
    expect(view[2]).toMatchObject({ match: "matched", company: idOf("GR", "Νίκος Οικονόμου Εμπορική"), score: 0.98 });
    expect(view[2]!.reason).toBe("Exact transliterated name (score 98%)");
    expect(view[3]).toMatchObject({
      match: "matched",
      company: idOf("RU", "АНО «Прогресс Строй»"),
      score: 0.97,
      reason: "Exact English name (score 97%)",
    });

    // Twelve companies are called Rheintal Handel GmbH: a person picks.
    expect(view[4]).toMatchObject({ match: "ambiguous", company: null, outcome: "pending" });
    expect(rows[4]!.candidates.length).toBe(9);
    expect(rows[4]!.candidates.every((c) => c.legalName === "Rheintal Handel GmbH" && c.score === 1)).toBe(true);

    expect(view[5]).toMatchObject({ match: "not_found", outcome: "skipped", why: "Not found in the register" });
    expect(view[5]!.reason).toMatch(/^No company close to “Zebra Quantum Holdings”/);
    expect(view[6]).toMatchObject({
      match: "matched",
      company: "230644874",
      score: 1,
      reason: "Registration number matches (siren: 230644874)",
    });
    expect(view[7]).toMatchObject({
      match: "duplicate",
      company: idOf("FR", "Thomas Robert EI"),
      reason: "Same company as row 1",
      outcome: "skipped",
      why: "Duplicate: another row is for the same company",
    });
    expect(view[8]).toMatchObject({ match: "invalid", outcome: "skipped", why: "Cannot be read (see its problems)" });
    expect(view[9]).toMatchObject({ match: "not_found", reason: "No company has the registration number “999999999” in France (FR)." });
  });

  it("takes up only the pending rows when run again, changing nothing already decided", async () => {
    const batch = await batchOf(registry, [row("FR", { name: "Thomas Robert EI" })]);
    await matchBatchRows(batch, registry, farFuture());
    const [first] = await readBatchRows(batch.id);
    expect(await matchBatchRows(batch, registry, farFuture())).toEqual({ remaining: 0 });
    expect((await readBatchRows(batch.id))[0]!.updatedAt).toEqual(first!.updatedAt);
  });

  it("leaves a row pending when the search fails in a way worth retrying", async () => {
    const batch = await batchOf(registry, [row("DE", { name: "SERVICE_UNAVAILABLE" }), row("FR", { name: "Thomas Robert EI" })]);
    expect(await matchBatchRows(batch, registry, farFuture())).toEqual({ remaining: 1, retryAfterSeconds: 10 });
    const rows = await readBatchRows(batch.id);
    expect(rows.map((r) => r.matchState)).toEqual(["pending", "matched"]);
  });

  it("stops at the deadline, leaving the rest pending", async () => {
    const batch = await batchOf(registry, [row("FR", { name: "Thomas Robert EI" })]);
    expect(await matchBatchRows(batch, registry, Date.now() - 1)).toEqual({ remaining: 1 });
  });

  it("stops when the batch is no longer matching", async () => {
    const batch = await batchOf(registry, [row("FR", { name: "Thomas Robert EI" })]);
    await db().update(batches).set({ status: "cancelled" }).where(eq(batches.id, batch.id));
    expect(await matchBatchRows(batch, registry, farFuture())).toEqual({ remaining: 1 });
  });

  it("honours a 429's Retry-After: it waits when the deadline allows, and else says how long to wait", async () => {
    let calls = 0;
    stub.answer((_req, res) => {
      calls += 1;
      if (calls === 1) {
        res.writeHead(429, { "content-type": "application/json", "retry-after": "30" });
        return res.end(JSON.stringify({ statusCode: 429, error: { code: "rate_limited", message: "Slow down." } }));
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify([{ id: "1", legalName: "Acme SARL", countryCode: "FR", address: {}, matchReason: { matchType: "exactLegalName" } }]),
      );
    });
    const batch = await batchOf(stubRegistry, [row("FR", { name: "Acme SARL" })]);
    let clock = 1_000_000;
    const slept: number[] = [];
    const deps = { now: () => clock, sleep: async (ms: number) => void (slept.push(ms), (clock += ms)) };

    // The wait would pass the deadline: the row stays pending, and the job is told to come back in 30 s.
    expect(await matchBatchRows(batch, stubRegistry, clock + 10_000, deps)).toEqual({ remaining: 1, retryAfterSeconds: 30 });
    expect(slept).toEqual([]);

    calls = 0;
    expect(await matchBatchRows(batch, stubRegistry, clock + 60_000, deps)).toEqual({ remaining: 0 });
    expect(slept).toEqual([30_000]);
    expect((await readBatchRows(batch.id))[0]).toMatchObject({ matchState: "matched", companyId: "1" });
  });

  it("ends a row the registry definitely refuses as not found, with the registry's words in its problems", async () => {
    stub.json(400, {
      statusCode: 400,
      error: { code: "invalid_request", message: "The query is not allowed.", details: ["query: too odd"] },
    });
    const batch = await batchOf(stubRegistry, [row("FR", { name: "Acme SARL" })]);
    expect(await matchBatchRows(batch, stubRegistry, farFuture())).toEqual({ remaining: 0 });
    expect((await readBatchRows(batch.id))[0]).toMatchObject({
      matchState: "not_found",
      outcome: "skipped",
      problems: ["The registry refused the search: The query is not allowed. (query: too odd)"],
    });
  });

  it("counts its rows after a crash between chunks: what was stored stays, the rest is matched", async () => {
    const batch = await batchOf(registry, [row("FR", { name: "Thomas Robert EI" }), row("FR", { number: "230 644 874" })]);
    await db().execute(
      sql`update batch_rows set match_state = 'matched', company_id = 'x', match_reason = 'stored before' where batch_id = ${batch.id} and row_number = 1`,
    );
    expect(await matchBatchRows(batch, registry, farFuture())).toEqual({ remaining: 0 });
    const rows = await readBatchRows(batch.id);
    expect(rows.map((r) => r.matchReason)).toEqual(["stored before", "Registration number matches (siren: 230644874)"]);
  });
});
