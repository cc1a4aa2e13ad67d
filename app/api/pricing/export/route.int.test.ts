import { and, eq } from "drizzle-orm";
import Papa from "papaparse";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog } from "@/db/schema";
import { priceCsvHeader } from "@/lib/pricing/price-csv";
import { signInAs, signOut } from "@/test/session";
import { startSimulatorWithConnection } from "@/test/simulator-connection";
import { GET } from "./route";

let sim: Awaited<ReturnType<typeof startSimulatorWithConnection>>["sim"];
let connectionId = "";

const exportCsv = (query = "") => GET(new NextRequest(`http://localhost/api/pricing/export${query}`), undefined);
const exportsBy = (email: string) =>
  db()
    .select({ details: auditLog.details, target: auditLog.target })
    .from(auditLog)
    .where(and(eq(auditLog.action, "pricing.exported"), eq(auditLog.actorEmail, email)));

describe("GET /api/pricing/export", () => {
  beforeAll(async () => {
    ({ sim, connectionId } = await startSimulatorWithConnection());
  });
  afterAll(async () => {
    await sim.close();
  });

  it("refuses a visitor who is not signed in", async () => {
    signOut();
    const response = await exportCsv();
    expect(response.status).toBe(401);
  });

  it("downloads every country's prices in credits for any role, and audits who exported what", async () => {
    const user = await signInAs("compliance");
    const response = await exportCsv();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="registry-desk-pricing-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...lines] = Papa.parse<string[]>(await response.text(), { skipEmptyLines: true }).data;
    expect(header).toEqual(priceCsvHeader);
    expect(new Set(lines.map((l) => l[0])).size).toBe(40);
    expect(lines).toHaveLength(40 * 10 * 2); // 40 countries × 10 datapoints × 2 modes
    expect(lines.find((l) => l[0] === "VG" && l[3] === "ultimateBeneficialOwners" && l[5] === "verification")!.slice(2, 7)).toEqual([
      "beta",
      "ultimateBeneficialOwners",
      "ubo",
      "verification",
      "unavailable",
    ]);
    expect(await exportsBy(user.email)).toEqual([
      { target: "Simulator", details: { connectionId, countries: "all", datapoint: "all", failed: [] } },
    ]);
  });

  it("holds the page's filters: two countries compared, one datapoint", async () => {
    const user = await signInAs("finance");
    const response = await exportCsv("?compare=FR,DE&datapoint=subsidiaries");
    const [, ...lines] = Papa.parse<string[]>(await response.text(), { skipEmptyLines: true }).data;
    expect(lines.map((l) => [l[0], l[3], l[5], l[6]])).toEqual([
      ["FR", "subsidiaries", "verification", "priced"],
      ["FR", "subsidiaries", "onboarding", "priced"],
      ["DE", "subsidiaries", "verification", "priced"],
      ["DE", "subsidiaries", "onboarding", "priced"],
    ]);
    expect((await exportsBy(user.email))[0]!.details).toMatchObject({ countries: ["FR", "DE"], datapoint: "subsidiaries" });
  });

  it("refuses filters it cannot read, with the reason, and exports nothing", async () => {
    const user = await signInAs("auditor");
    const response = await exportCsv("?country=FR,ZZ");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: "invalid_input",
        message: 'Nothing was exported. "ZZ" is not one of the 40 countries the registry prices: it was left out.',
      },
    });
    expect(await exportsBy(user.email)).toEqual([]);
  });
});
