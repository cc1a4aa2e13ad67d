import { sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog } from "@/db/schema";
import { auditCsvHeader } from "@/lib/audit/audit-csv";
import { signInAs } from "@/test/session";
import { csvTable, defused, hostileCells } from "@/test/csv-download";
import { auditDetailsOf } from "@/test/users-fixture";
import { GET } from "./route";

const exportCsv = (query = "") => GET(new NextRequest(`http://localhost/api/audit/export${query}`), undefined);
const exportsBy = (email: string) => auditDetailsOf("audit.exported", email);

describe("GET /api/audit/export", () => {
  beforeAll(async () => {
    // Failed sign-ins typed to start a formula, then 5,000 rows in the same microsecond (the cursor breaks ties by id).
    for (const [i, email] of hostileCells.entries()) {
      await db()
        .insert(auditLog)
        .values({ actorEmail: email, action: "auth.sign_in_failed", at: new Date(Date.UTC(2026, 10, 20, 10, i)) });
    }
    await db().execute(sql`
      insert into audit_log (actor_email, action, target, at)
      select 'system', 'user.created', 'user' || i || '@example.com', timestamptz '2026-11-01' from generate_series(1, 5000) i`);
  });

  it("refuses a compliance officer, who cannot read the audit log", async () => {
    await signInAs("compliance");
    expect((await exportCsv()).status).toBe(403);
  });

  it("holds the rows the page's filter selects, newest first, with typed formulas defused; the export audited after its last line", async () => {
    const user = await signInAs("auditor");
    const response = await exportCsv("?action=auth.sign_in_failed");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="registry-desk-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const { header, lines } = await csvTable(response);
    expect(header).toEqual(auditCsvHeader);
    expect(lines.map((l) => l[1])).toEqual([...hostileCells].reverse().map(defused));
    expect(await exportsBy(user.email)).toEqual([{ details: { actor: null, action: "auth.sign_in_failed", rows: 6 } }]);
  });

  it("streams the whole log batch by batch, never as one string, every row once", async () => {
    const user = await signInAs("admin");
    const { lines, chunks } = await csvTable(await exportCsv("?actor=system"));
    expect(lines).toHaveLength(5000);
    expect(new Set(lines.map((l) => l[3])).size).toBe(5000);
    expect(chunks).toHaveLength(1 + 5000 / 500);
    expect((await exportsBy(user.email))[0]!.details).toEqual({ actor: "system", action: null, rows: 5000 });
  });

  it("reads the page's other filters through the page's parser: a backwards day range, part of a target", async () => {
    const user = await signInAs("auditor");
    const { lines } = await csvTable(await exportCsv("?target=USER12%40&from=2026-11-02&to=2026-10-31"));
    expect(lines.map((l) => l[3])).toEqual(["user12@example.com"]);
    expect((await exportsBy(user.email))[0]!.details).toEqual({
      actor: null,
      action: null,
      from: "2026-10-31",
      to: "2026-11-02",
      target: "USER12@",
      rows: 1,
    });
  });
});
