import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { companyRequests } from "@/db/schema";
import { insertUser } from "@/test/users-fixture";
import { listRequests, type RequestListGroup } from "./list-requests";
import type { RequestPurpose } from "./origins";
import { defaultRequestFilters, type RequestFilters } from "./request-filters";
import { requestCsvBatches } from "./requests-export";

const minute = (m: number) => new Date(Date.UTC(2026, 10, 20, 9, m));

type Stored = { id: string; at: number; purpose: RequestPurpose | null; parent?: string; complete?: boolean; by?: string };

async function store(...requests: Stored[]) {
  await db()
    .insert(companyRequests)
    .values(
      requests.map((r) => ({
        requestId: r.id,
        origin: r.purpose === null ? ("elsewhere" as const) : ("console" as const),
        orderedBy: r.by ?? null,
        purpose: r.purpose,
        parentRequestId: r.parent ?? null,
        countryCode: "FR",
        companyId: `C-${r.id}`,
        companyName: `Company ${r.id}`,
        complete: r.complete ?? true,
        createdAt: minute(r.at),
      })),
    );
}

const list = (filters: Partial<RequestFilters> = {}, page = 1) => listRequests({ ...defaultRequestFilters, ...filters, page });

/** Each row's id with its follow-ups' ids, indented by depth. */
const shape = (rows: RequestListGroup[]) =>
  rows.map((row) => [row.requestId, ...row.followUps.map((f) => `${"  ".repeat(f.depth)}${f.requestId}`)]);

describe("the requests list", () => {
  beforeAll(async () => {
    const ann = await insertUser("ann@example.com", "compliance");
    const bob = await insertUser("bob@example.com", "compliance");
    await store(
      { id: "order_a", at: 10, purpose: "order", by: ann.id },
      { id: "listing_a", at: 11, purpose: "document_listing", parent: "order_a", by: ann.id },
      { id: "expansion_a", at: 12, purpose: "graph_expansion", parent: "order_a", by: bob.id },
      { id: "retry_of_expansion_a", at: 13, purpose: "retry", parent: "expansion_a", by: ann.id },
      { id: "realert_a", at: 19, purpose: "re_retrieval", parent: "order_a", by: ann.id },
      { id: "elsewhere_b", at: 14, purpose: null },
      { id: "orphan_retry", at: 15, purpose: "retry", parent: "never_stored", by: ann.id },
      { id: "order_c", at: 16, purpose: "onboarding", by: bob.id },
      { id: "retry_c", at: 17, purpose: "retry", parent: "order_c", by: bob.id, complete: false },
    );
  });

  it("shows follow-ups under the request they follow, each after its own, oldest first; free listings hidden by default", async () => {
    const { rows, total, pages } = await list();
    expect(shape(rows)).toEqual([
      ["order_c", "  retry_c"],
      ["orphan_retry"],
      ["elsewhere_b"],
      ["order_a", "  expansion_a", "    retry_of_expansion_a", "  realert_a"],
    ]);
    expect([total, pages]).toEqual([4, 1]);
    const expansion = rows[3]!.followUps[0]!;
    expect(expansion).toMatchObject({ purpose: "graph_expansion", parentRequestId: "order_a", orderedBy: "bob@example.com", depth: 1 });
  });

  it("keeps a follow-up whose request was never stored, as its own row naming it", async () => {
    const orphan = (await list()).rows[1]!;
    expect(orphan).toMatchObject({ requestId: "orphan_retry", parentRequestId: "never_stored", parentStored: false, followUps: [] });
  });

  it("shows free document listings when asked, in their place", async () => {
    const { rows } = await list({ hideListings: false });
    expect(shape(rows)[3]).toEqual(["order_a", "  listing_a", "  expansion_a", "    retry_of_expansion_a", "  realert_a"]);
  });

  it("shows only the rows with follow-ups off, the orphan too being a follow-up", async () => {
    const { rows, total } = await list({ followUps: false });
    expect(shape(rows)).toEqual([["order_c"], ["elsewhere_b"], ["order_a"]]);
    expect(total).toBe(3);
  });

  it("filters each request on its own: a follow-up whose request the filters leave out is its own row", async () => {
    const running = await list({ status: "in_progress" });
    expect(shape(running.rows)).toEqual([["retry_c"]]);
    expect(running.rows[0]).toMatchObject({ parentRequestId: "order_c", parentStored: true });

    const byAnn = await list({ orderedBy: "ann@example.com" });
    // Bob's expansion is left out, so Ann's retry of it stands alone, naming it.
    expect(shape(byAnn.rows)).toEqual([["orphan_retry"], ["retry_of_expansion_a"], ["order_a", "  realert_a"]]);
    expect(byAnn.rows[1]).toMatchObject({ parentRequestId: "expansion_a", parentStored: true });
  });

  it("pages by rows: follow-ups come with their row and are not counted", async () => {
    // 55 older first orders, each with two follow-ups.
    await db().execute(sql`
      insert into company_requests (request_id, origin, purpose, parent_request_id, complete, created_at)
      select 'old_' || i || suffix, 'console', purpose, case when suffix = '' then null else 'old_' || i end, true,
        timestamptz '2026-11-01' + i * interval '1 minute' + offset_s * interval '1 second'
      from generate_series(1, 55) i,
        (values ('', 'order', 0), ('_x', 'graph_expansion', 1), ('_r', 'retry', 2)) as f(suffix, purpose, offset_s)`);
    const first = await list();
    expect([first.total, first.pages, first.rows.length]).toEqual([59, 2, 50]);
    const second = await list({}, 2);
    expect(second.rows.map((r) => r.requestId)).toEqual(["old_9", "old_8", "old_7", "old_6", "old_5", "old_4", "old_3", "old_2", "old_1"]);
    expect(second.rows.every((r) => r.followUps.map((f) => f.requestId).join() === `${r.requestId}_x,${r.requestId}_r`)).toBe(true);
  });

  it("exports the same requests in the same order as the pages show them, whatever the batch size", async () => {
    for (const filters of [{}, { hideListings: false }, { followUps: false }, { orderedBy: "ann@example.com" }]) {
      const pages = [await list(filters, 1), await list(filters, 2)];
      const shown = pages.flatMap((p) => p.rows.flatMap((row) => [row.requestId, ...row.followUps.map((f) => f.requestId)]));
      const exported: string[] = [];
      for await (const batch of requestCsvBatches({ ...defaultRequestFilters, ...filters }, 7))
        exported.push(...batch.map((cells) => cells[0]!));
      expect(exported).toEqual(shown);
    }
  });
});

describe("the requests list's company and case reference filters", () => {
  const hour = (h: number) => new Date(Date.UTC(2026, 10, 21, h));
  beforeAll(async () => {
    const request = (id: string, h: number, company: { id: string; name: string | null }, caseReference: unknown, parent?: string) => ({
      requestId: id,
      origin: "console" as const,
      purpose: parent ? ("graph_expansion" as const) : ("order" as const),
      parentRequestId: parent ?? null,
      countryCode: "GB",
      companyId: company.id,
      companyName: company.name,
      filings: { legalName: null, statutoryFilings: null, complianceFlags: null, caseReference },
      createdAt: hour(h),
    });
    await db()
      .insert(companyRequests)
      .values([
        request("acme", 1, { id: "01234567", name: "ACME Widgets Ltd" }, "KYC-2026/7"),
        request("acme_expansion", 2, { id: "01234567", name: "ACME Widgets Ltd" }, "KYC-2026/7", "acme"),
        request("percent", 3, { id: "100%_CO", name: "Hundred Percent Co" }, "Onboarding_A"),
        request("plain", 4, { id: "1000XCO", name: null }, null),
      ]);
  });

  const ids = async (filters: Partial<RequestFilters>) =>
    shape((await list({ ...filters, hideListings: true })).rows).filter((row) => ["acme", "percent", "plain"].includes(row[0]!));

  it("finds a company by any part of its name or number, in any case", async () => {
    expect(await ids({ company: "widgets" })).toEqual([["acme", "  acme_expansion"]]);
    expect(await ids({ company: "acme WIDGETS" })).toEqual([["acme", "  acme_expansion"]]);
    expect(await ids({ company: "234" })).toEqual([["acme", "  acme_expansion"]]);
    expect(await ids({ company: "1000xco" })).toEqual([["plain"]]);
  });

  it("takes % and _ as themselves, never as wildcards", async () => {
    expect(await ids({ company: "100%" })).toEqual([["percent"]]);
    expect(await ids({ company: "%" })).toEqual([["percent"]]);
    expect(await ids({ company: "%_co" })).toEqual([["percent"]]);
    expect(await ids({ caseReference: "_" })).toEqual([["percent"]]);
  });

  it("finds a case reference by any part of it, in any case, with its follow-ups; a request without one never matches", async () => {
    expect(await ids({ caseReference: "kyc-2026" })).toEqual([["acme", "  acme_expansion"]]);
    expect(await ids({ caseReference: "ONBOARDING" })).toEqual([["percent"]]);
    expect(await ids({ caseReference: "null" })).toEqual([]);
    expect(await ids({ company: "acme", caseReference: "onboarding" })).toEqual([]);
  });

  it("shows each row's case reference, and the export holds it and filters the same", async () => {
    const [row] = (await list({ company: "acme" })).rows;
    expect(row?.caseReference).toBe("KYC-2026/7");
    expect(row?.followUps[0]?.caseReference).toBe("KYC-2026/7");
    const exported: (readonly string[])[] = [];
    for await (const batch of requestCsvBatches({ ...defaultRequestFilters, caseReference: "kyc" })) exported.push(...batch);
    expect(exported.map((cells) => [cells[0], cells.at(-1)])).toEqual([
      ["acme", "KYC-2026/7"],
      ["acme_expansion", "KYC-2026/7"],
    ]);
  });
});
