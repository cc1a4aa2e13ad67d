import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, monitors, registryConnections } from "@/db/schema";
import type { Registry } from "@/lib/connections/registry-for";
import { openedRegistry } from "@/test/opened-registry";
import { insertUser } from "@/test/users-fixture";
import { startTestSimulator } from "../../simulator/test-harness";
import { monitorableCompany, startMonitorFromForm } from "./start-monitor";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
let registry: Registry;

describe("starting a monitor from the monitor form", () => {
  beforeAll(async () => {
    sim = await startTestSimulator();
    await sim.call("PUT", "/_sim/webhook-endpoint", { url: null });
    await db().execute(sql`truncate ${registryConnections}, ${monitors}, ${auditLog} cascade`);
    registry = await openedRegistry(sim.baseUrl);
  });
  afterAll(() => sim.close());

  it("sends the entries as the monitor's metadata, keeps the case reference beside the mirror, and says a repeat start", async () => {
    const user = await insertUser("officer@example.com", "compliance");
    const company = { countryCode: "DE" as const, companyId: "HRB 86891" };
    const entries = [
      { key: "caseReference", value: "KYC-31" },
      { key: "team", value: "north" },
    ];
    const first = await startMonitorFromForm(user, registry, company, entries);
    expect(first).toEqual({ monitorId: expect.any(String), alreadyMonitored: false, datapointNotices: expect.any(Array) });
    const [mirror] = await db().select().from(monitors).where(eq(monitors.monitorId, first.monitorId));
    expect(mirror).toMatchObject({
      caseReference: "KYC-31",
      metadata: { caseReference: "KYC-31", team: "north" },
      startedByEmail: user.email,
    });
    expect(await startMonitorFromForm(user, registry, company, entries)).toMatchObject({
      monitorId: first.monitorId,
      alreadyMonitored: true,
    });
  });

  it("gives a monitor stopped here and started again to its new starter, from now", async () => {
    const first = await insertUser("first@example.com", "compliance");
    const again = await insertUser("again@example.com", "compliance");
    const company = { countryCode: "DE" as const, companyId: "HRB 40001" };
    const { monitorId } = await startMonitorFromForm(first, registry, company, []);
    // Stopped here while the registry still had it, so the next start answers the same monitor.
    const longAgo = new Date("2026-01-01T00:00:00Z");
    await db()
      .update(monitors)
      .set({ startedAt: longAgo, stoppedAt: longAgo, stoppedBy: first.id })
      .where(eq(monitors.monitorId, monitorId));
    expect(await startMonitorFromForm(again, registry, company, [])).toMatchObject({ monitorId, alreadyMonitored: true });
    const [mirror] = await db().select().from(monitors).where(eq(monitors.monitorId, monitorId));
    expect(mirror).toMatchObject({ startedBy: again.id, startedByEmail: again.email, stoppedAt: null, stoppedBy: null });
    expect(mirror!.startedAt.getTime()).toBeGreaterThan(longAgo.getTime());
  });

  it("monitors only a request that names a company in a registry country", () => {
    expect(monitorableCompany({ countryCode: "DE", companyId: "HRB 1" })).toEqual({ countryCode: "DE", companyId: "HRB 1" });
    expect(monitorableCompany({ countryCode: "ZZ", companyId: "HRB 1" })).toBeUndefined();
    expect(monitorableCompany({ countryCode: "DE", companyId: null })).toBeUndefined();
    expect(monitorableCompany({ countryCode: null, companyId: "HRB 1" })).toBeUndefined();
  });
});
