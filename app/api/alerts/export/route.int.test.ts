import { sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { alertsCsvHeader } from "@/lib/alerts/alerts-csv";
import { signInAs } from "@/test/session";
import { csvTable, defused, hostileCells } from "@/test/csv-download";
import { auditDetailsOf } from "@/test/users-fixture";
import { GET } from "./route";

const exportCsv = (query = "") => GET(new NextRequest(`http://localhost/api/alerts/export${query}`), undefined);
const exportsBy = (email: string) => auditDetailsOf("alerts.exported", email);

describe("GET /api/alerts/export", () => {
  beforeAll(async () => {
    // 5,000 alerts in Germany whose notification times collide in groups of 5 (the cursor breaks ties by id), a third of them
    // resolved; then six open ones in France named to start a formula, the newest notified.
    await db().execute(sql`
      insert into alerts (monitor_id, country_code, company_id, company_name, state, categories, due_at, last_notified_at)
      select 'mon_' || i, 'DE', 'C' || i, 'Company ' || i, (array['new', 'in_review', 'resolved'])[i % 3 + 1], '["address"]'::jsonb,
        timestamptz '2026-12-01', timestamptz '2026-11-01' + (i / 5) * interval '1 second'
      from generate_series(1, 5000) i`);
    for (const [i, name] of hostileCells.entries()) {
      await db().execute(sql`
        insert into alerts (monitor_id, country_code, company_id, company_name, state, categories, due_at, last_notified_at)
        values (${`mon_fr_${i}`}, 'FR', ${`F${i}`}, ${name}, 'new', '["ownership"]'::jsonb, timestamptz '2026-12-01',
          timestamptz '2026-11-20' + ${i} * interval '1 minute')`);
    }
  });

  it("refuses a finance user, who cannot read alerts", async () => {
    await signInAs("finance");
    expect((await exportCsv()).status).toBe(403);
  });

  it("holds exactly the alerts the inbox's filters select, from the first page whatever page it was on, defused; audited", async () => {
    const user = await signInAs("auditor");
    const response = await exportCsv("?country=fr&category=ownership&after=999999");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="registry-desk-alerts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const { header, lines } = await csvTable(response);
    expect(header).toEqual(alertsCsvHeader);
    // Newest notification first, as the inbox lists them.
    expect(lines.map((l) => [l[6], l[7], l[8]])).toEqual(
      [...hostileCells.entries()].reverse().map(([i, name]) => ["FR", `F${i}`, defused(name)]),
    );
    expect(await exportsBy(user.email)).toEqual([
      { details: { filters: { state: "open", country: "FR", category: "ownership" }, rows: 6 } },
    ]);
  });

  it("streams a large inbox batch by batch, never as one string, every alert once", async () => {
    const user = await signInAs("compliance");
    const { lines, chunks } = await csvTable(await exportCsv("?state=any&country=DE"));
    expect(lines).toHaveLength(5000);
    expect(new Set(lines.map((l) => l[0])).size).toBe(5000);
    expect(chunks.length).toBe(1 + 5000 / 500);
    expect((await exportsBy(user.email))[0]!.details).toEqual({ filters: { state: "any", country: "DE" }, rows: 5000 });
  });
});
