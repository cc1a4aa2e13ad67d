import { sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { companyRequests } from "@/db/schema";
import { requestsCsvHeader } from "@/lib/requests/requests-csv";
import { signInAs, signOut } from "@/test/session";
import { csvTable, defused, hostileCells } from "@/test/csv-download";
import { auditDetailsOf, insertUser } from "@/test/users-fixture";
import { GET } from "./route";

const exportCsv = (query = "") => GET(new NextRequest(`http://localhost/api/requests/export${query}`), undefined);
const exportsBy = (email: string) => auditDetailsOf("requests.exported", email);

let ann = { id: "", email: "" };

describe("GET /api/requests/export", () => {
  beforeAll(async () => {
    ann = await insertUser("ann@example.com", "compliance");
    const bob = await insertUser("bob@example.com", "compliance");
    // Six hostile names ordered by Ann, complete, all created in the same microsecond (the cursor must break ties by id);
    // then Bob's and webhook-only requests in every state.
    const at = new Date("2026-11-01T10:00:00.000Z");
    await db()
      .insert(companyRequests)
      .values(
        hostileCells.map((name, i) => ({
          requestId: `req_ann_${i}`,
          origin: "console" as const,
          orderedBy: ann.id,
          countryCode: "FR",
          companyId: `C${i}`,
          companyName: name,
          complete: true,
          createdAt: at,
          dataStatus: { dataPoints: { company: { status: "completed", cost: 4 } } },
        })),
      );
    await db().execute(sql`
      insert into company_requests (request_id, origin, ordered_by, company_name, complete, created_at)
      select 'req_other_' || i, case when i % 2 = 0 then 'console' else 'elsewhere' end, case when i % 2 = 0 then ${bob.id}::uuid end,
        'Other ' || i, i % 3 = 0, timestamptz '2026-11-02' + i * interval '1 microsecond'
      from generate_series(1, 5000) i`);
  });

  it("refuses a visitor who is not signed in", async () => {
    signOut();
    expect((await exportCsv()).status).toBe(401);
  });

  it("holds exactly the rows the page's filters select, every page of them, with hostile names defused; audited", async () => {
    const user = await signInAs("auditor");
    const response = await exportCsv("?status=complete&user=ann%40example.com&page=3");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="registry-desk-requests-\d{4}-\d{2}-\d{2}\.csv"$/);
    const { header, lines } = await csvTable(response);
    expect(header).toEqual(requestsCsvHeader);
    // Newest first, ties broken by id descending, as the list shows them.
    expect(lines.map((l) => l[0])).toEqual(hostileCells.map((_, i) => `req_ann_${i}`).reverse());
    expect(lines.map((l) => l[3])).toEqual([...hostileCells].reverse().map(defused));
    expect(lines[0]!.slice(4, 11)).toEqual(["complete", "1", "1", "4", "0", "console", "ann@example.com"]);
    expect(await exportsBy(user.email)).toEqual([
      {
        details: {
          status: "complete",
          origin: "any",
          orderedBy: "ann@example.com",
          followUps: "shown",
          freeListings: "hidden",
          rows: hostileCells.length,
        },
      },
    ]);
  });

  it("drops a filter the page would drop: someone who never ordered here selects everyone", async () => {
    await signInAs("finance");
    const { lines } = await csvTable(await exportCsv("?origin=elsewhere&user=eve%40example.com"));
    expect(lines).toHaveLength(2500);
    expect(lines.every((l) => l[9] === "elsewhere" && l[10] === "")).toBe(true);
  });

  it("streams a large table batch by batch, never as one string, every row once", async () => {
    const user = await signInAs("compliance");
    const { lines, chunks } = await csvTable(await exportCsv());
    expect(lines).toHaveLength(5006);
    expect(new Set(lines.map((l) => l[0])).size).toBe(5006);
    // The header, then one chunk per 500-row batch.
    expect(chunks.length).toBe(1 + Math.ceil(5006 / 500));
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(500 * 200);
    expect((await exportsBy(user.email))[0]!.details).toMatchObject({ status: "any", origin: "any", orderedBy: "anyone", rows: 5006 });
  });
});
