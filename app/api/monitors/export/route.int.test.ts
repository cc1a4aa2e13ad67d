import { and, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, monitors } from "@/db/schema";
import { signInAs } from "@/test/session";
import { csvTable } from "@/test/csv-download";
import { startSimulatorWithConnection } from "@/test/simulator-connection";
import { GET } from "./route";

let sim: Awaited<ReturnType<typeof startSimulatorWithConnection>>["sim"];
let connectionId = "";

const exportCsv = () => GET(new NextRequest("http://localhost/api/monitors/export"), undefined);

describe("GET /api/monitors/export", () => {
  beforeAll(async () => {
    ({ sim, connectionId } = await startSimulatorWithConnection());
    // More than one page of `first: 100`; one of them also known to the console.
    for (let i = 0; i < 105; i++) await sim.call("POST", "/v2/monitors", { countryCode: "NL", companyId: `EXP-${i}` });
    const known = (await sim.call("GET", "/v2/monitors?companyId=EXP-7")).json.monitors[0];
    await db().insert(monitors).values({
      connectionId,
      monitorId: known.id,
      countryCode: "NL",
      companyId: "EXP-7",
      caseReference: "KYC-7",
      startedByEmail: "ann@example.com",
      lastFetchStatus: "success",
    });
    // A record whose words start spreadsheet formulas.
    const hostile = (await sim.call("GET", "/v2/monitors?companyId=EXP-9")).json.monitors[0];
    await db().insert(monitors).values({
      connectionId,
      monitorId: hostile.id,
      countryCode: "NL",
      companyId: "EXP-9",
      caseReference: "-KYC-9",
      startedByEmail: "@ann@example.com",
      lastErrorMessage: '=HYPERLINK("http://x")',
    });
  });
  afterAll(async () => {
    await sim.close();
  });

  it("refuses a finance user", async () => {
    await signInAs("finance");
    const response = await exportCsv();
    expect(response.status).toBe(403);
  });

  it("downloads every monitor of the connection, paging through the registry, beside the console's record; audited", async () => {
    const user = await signInAs("auditor");
    const response = await exportCsv();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="registry-desk-monitors-\d{4}-\d{2}-\d{2}\.csv"$/);
    const { header, lines, chunks } = await csvTable(response);
    expect(header.slice(0, 3)).toEqual(["country", "company id", "case reference"]);
    // Streamed a registry page at a time: the header, then the two pages of 100 and 5.
    expect(chunks).toHaveLength(3);
    expect(lines).toHaveLength(105);
    expect(new Set(lines.map((l) => l[1])).size).toBe(105);
    const known = lines.find((l) => l[1] === "EXP-7")!;
    expect([known[2], known[5], known[8]]).toEqual(["KYC-7", "ann@example.com", "success"]);
    expect(lines.find((l) => l[1] === "EXP-8")![5]).toBe("started outside this console");
    const hostile = lines.find((l) => l[1] === "EXP-9")!;
    expect([hostile[2], hostile[5], hostile[9]]).toEqual(["'-KYC-9", "'@ann@example.com", `'=HYPERLINK("http://x")`]);
    const audits = await db()
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "monitors.exported"), eq(auditLog.actorEmail, user.email)));
    expect(audits).toEqual([{ details: { connectionId, rows: 105 } }]);
  });
});
