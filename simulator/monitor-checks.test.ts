import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  monitorListResponseSchema,
  monitorLogsResponseSchema,
  monitorNotificationEventSchema,
  monitorSchema,
  type MonitorNotificationEvent,
} from "../lib/registry/schemas.shared";
import { checkErrorMessage, disappearedMessage } from "./monitor-checks";
import { startTestSimulator } from "./test-harness";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(() => sim.close());

const day = 24 * 3600;

/** Advances the simulated clock, then waits (bounded) until no webhook is left to deliver. */
async function advance(seconds: number) {
  expect((await sim.call("POST", "/_sim/advance", { seconds })).status).toBe(200);
  for (let i = 0; i < 150; i++) {
    if (((await sim.call("GET", "/_sim/deliveries?state=pending")).json as unknown[]).length === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("webhooks still pending after 3 s");
}

const notificationsFor = (monitorId: string): MonitorNotificationEvent[] =>
  sim.received
    .map((r) => JSON.parse(r.body) as { type?: string; monitorId?: string })
    .filter((body) => body.type === "monitor.notification" && body.monitorId === monitorId)
    .map((body) => monitorNotificationEventSchema.parse(body));

const logsOf = async (monitorId: string) =>
  monitorLogsResponseSchema.parse((await sim.call("GET", `/v2/monitors/${monitorId}/logs?first=50`)).json).logs;

async function sandboxCompany(id: string, company: Record<string, unknown> = {}) {
  const created = await sim.call("POST", "/v2/sandbox/companies", { countryCode: "FR", id, company });
  expect(created.status).toBe(201);
  return created.json as { company: Record<string, unknown> };
}

const patch = (id: string, body: Record<string, unknown>) => sim.call("PATCH", `/v2/sandbox/companies/FR/${id}`, body);

async function monitor(companyId: string, countryCode = "FR") {
  const created = await sim.call("POST", "/v2/monitors", { companyId, countryCode });
  expect(created.status).toBe(201);
  return monitorSchema.parse(created.json);
}

const details = async (id: string) => (await sim.call("GET", `/v2/monitors/${id}`)).json as Record<string, unknown>;

describe("monitor checks of sandbox companies", () => {
  it("reports a change at the next check, once, with the categories of the fields that moved", async () => {
    await sandboxCompany("watch-address", { legalName: "Watch Address SAS" });
    const watched = await monitor("watch-address");
    expect((await patch("watch-address", { company: { legalAddress: { addressLine1: "1 rue Neuve", city: "Lyon" } } })).status).toBe(200);
    await advance(day);
    expect(await logsOf(watched.id)).toMatchObject([
      { changeDetected: true, changeCategories: ["address"], fetchStatus: "success", errorMessage: null },
    ]);
    expect(notificationsFor(watched.id)).toMatchObject([
      { companyId: "watch-address", countryCode: "FR", changeCategories: ["address"], monitorHasBeenDeactivated: false },
    ]);
    await advance(day);
    expect((await logsOf(watched.id)).map((l) => [l.changeDetected, l.changeCategories])).toEqual([
      [false, []],
      [true, ["address"]],
    ]);
    expect(notificationsFor(watched.id)).toHaveLength(1);
  });

  it("names every category a change touches, in the spec's order", async () => {
    await sandboxCompany("watch-all");
    const watched = await monitor("watch-all");
    await patch("watch-all", {
      company: { status: { localName: "Radiée", active: false }, capital: { amount: 1, currency: "EUR" }, website: "example.org" },
      sections: { shareholders: [], legalRepresentatives: [] },
    });
    await advance(day);
    const expected = ["status", "ownership", "financial", "legalRepresentatives", "other"];
    expect((await logsOf(watched.id))[0]).toMatchObject({ changeDetected: true, changeCategories: expected });
    expect(notificationsFor(watched.id).map((n) => n.changeCategories)).toEqual([expected]);
  });

  it("reports nothing for a change undone before the check, nor for one made before the monitor started", async () => {
    const original = await sandboxCompany("watch-undo");
    const undone = await monitor("watch-undo");
    await patch("watch-undo", { company: { legalAddress: { city: "Nantes" } } });
    await patch("watch-undo", { company: { legalAddress: original.company.legalAddress } });
    await sandboxCompany("watch-late");
    await patch("watch-late", { company: { website: "late.example" } });
    const late = await monitor("watch-late");
    await advance(day);
    for (const id of [undone.id, late.id]) {
      expect(await logsOf(id)).toMatchObject([{ changeDetected: false, changeCategories: [], fetchStatus: "success" }]);
      expect(notificationsFor(id)).toEqual([]);
    }
  });

  it("keeps generated companies quiet: daily checks, no change, no notification", async () => {
    const watched = await monitor("552100554");
    await advance(5 * day);
    const logs = await logsOf(watched.id);
    expect(logs.map((l) => [l.changeDetected, l.fetchStatus])).toEqual(Array.from({ length: 5 }, () => [false, "success"]));
    expect(notificationsFor(watched.id)).toEqual([]);
  });

  it("follows a renamed company in the monitor's companyName, and gives createdAt and lastFetchedAt in details", async () => {
    await sandboxCompany("watch-name", { legalName: "Old Name SAS" });
    const watched = await monitor("watch-name");
    expect(await details(watched.id)).toMatchObject({ createdAt: watched.createdAt, lastFetchedAt: null, active: true });
    await patch("watch-name", { company: { legalName: "New Name SAS" } });
    const listed = monitorListResponseSchema.parse((await sim.call("GET", "/v2/monitors?companyId=watch-name")).json);
    expect(listed.monitors.map((m) => m.companyName)).toEqual(["New Name SAS"]);
    await advance(day);
    const [newest] = await logsOf(watched.id);
    expect(await details(watched.id)).toMatchObject({ companyName: "New Name SAS", lastFetchedAt: newest!.createdAt });
  });
});

describe("a company that disappears", () => {
  it("deactivates its monitor with a final notification; a repeated start gives a fresh monitor, the old stays readable", async () => {
    await sandboxCompany("watch-gone");
    const first = await monitor("watch-gone");
    expect((await patch("watch-gone", { disappeared: true })).json).toMatchObject({ disappeared: true });
    await advance(day);
    expect(await logsOf(first.id)).toMatchObject([
      { changeDetected: true, changeCategories: ["disappeared"], fetchStatus: "not_found", errorMessage: disappearedMessage },
    ]);
    expect(notificationsFor(first.id)).toMatchObject([{ changeCategories: ["disappeared"], monitorHasBeenDeactivated: true }]);
    expect(await details(first.id)).toMatchObject({ id: first.id, active: false });
    await advance(2 * day);
    expect(await logsOf(first.id)).toHaveLength(1); // a deactivated monitor is not checked any more

    await patch("watch-gone", { disappeared: false });
    const again = await sim.call("POST", "/v2/monitors", { companyId: "watch-gone", countryCode: "FR", metadata: { case: "R-2" } });
    expect(again.status).toBe(201);
    const second = monitorSchema.parse(again.json);
    expect(second.id).not.toBe(first.id);
    expect(second.metadata).toEqual({ case: "R-2" });
    expect(await details(first.id)).toMatchObject({ id: first.id, active: false });
    const listed = monitorListResponseSchema.parse((await sim.call("GET", "/v2/monitors?companyId=watch-gone")).json);
    expect(listed.monitors.map((m) => m.id)).toEqual([second.id]);
    await advance(day);
    expect(await logsOf(second.id)).toMatchObject([{ changeDetected: false, fetchStatus: "success" }]);
  });
});

describe("health test hooks", () => {
  it("MONITOR_STALE has one check logged 30 days before its creation and none after, so it is stale at once", async () => {
    const { now: createdAround } = (await sim.call("POST", "/_sim/advance", { seconds: 0 })).json as { now: string };
    const watched = await monitor("MONITOR_STALE");
    const logs = await logsOf(watched.id);
    expect(logs).toMatchObject([{ changeDetected: false, fetchStatus: "success" }]);
    expect(Date.parse(createdAround) - Date.parse(logs[0]!.createdAt)).toBeGreaterThan(29 * 24 * 3600_000);
    await advance(3 * day);
    expect(await logsOf(watched.id)).toEqual(logs);
    expect(await details(watched.id)).toMatchObject({ active: true, lastFetchedAt: logs[0]!.createdAt });
    expect(notificationsFor(watched.id)).toEqual([]);
  });

  it("MONITOR_ERROR logs every check with fetchStatus error and a message, and notifies nothing", async () => {
    const watched = await monitor("monitor_error", "DE");
    await advance(2 * day);
    expect(await logsOf(watched.id)).toEqual(
      Array.from({ length: 2 }, () =>
        expect.objectContaining({ changeDetected: false, changeCategories: [], fetchStatus: "error", errorMessage: checkErrorMessage }),
      ),
    );
    expect(notificationsFor(watched.id)).toEqual([]);
  });
});

describe("monitoring countries", () => {
  it("refuses CN, MC, RU and VG with the reason, creates nothing, and says so in the catalog", async () => {
    const before = monitorListResponseSchema.parse((await sim.call("GET", "/v2/monitors")).json).total;
    for (const country of ["CN", "MC", "RU", "VG"]) {
      const refused = await sim.call("POST", "/v2/monitors", { companyId: "refused-1", countryCode: country });
      expect(refused.status).toBe(400);
      expect(refused.json.error.code).toBe("invalid_request");
      expect(refused.json.error.message).toBe(
        `Monitoring is not supported for ${country}: the registry monitors fewer countries than it retrieves ` +
          `(not CN, MC, RU, VG). Company requests for ${country} still work.`,
      );
    }
    expect(monitorListResponseSchema.parse((await sim.call("GET", "/v2/monitors")).json).total).toBe(before);
    const countries = (await sim.call("GET", "/v2/catalog")).json.countries as { countryCode: string; monitoring: boolean }[];
    expect(countries.filter((c) => !c.monitoring).map((c) => c.countryCode)).toEqual(["CN", "MC", "RU", "VG"]);
    expect((await sim.call("POST", "/v2/monitors", { companyId: "refused-1", countryCode: "XX" })).json.error.message).toBe(
      "Unknown countryCode XX.",
    );
    expect((await sim.call("POST", "/v2/monitors", { companyId: "accepted-1", countryCode: "HK" })).status).toBe(201);
  });
});

describe("test notifications", () => {
  it("send the deactivation variant without touching the monitor, its logs or its next check", async () => {
    await sandboxCompany("watch-test");
    const watched = await monitor("watch-test");
    await patch("watch-test", { company: { legalAddress: { city: "Rennes" } } });
    const before = await details(watched.id);
    expect(
      (
        await sim.call("POST", `/v2/monitors/${watched.id}/test-notification`, {
          changeCategories: ["status"],
          monitorHasBeenDeactivated: "yes",
        })
      ).status,
    ).toBe(400);
    const sent = await sim.call("POST", `/v2/monitors/${watched.id}/test-notification`, {
      changeCategories: ["disappeared"],
      monitorHasBeenDeactivated: true,
    });
    expect(monitorNotificationEventSchema.parse(sent.json)).toMatchObject({
      changeCategories: ["disappeared"],
      monitorHasBeenDeactivated: true,
    });
    expect(await details(watched.id)).toEqual(before);
    expect(await logsOf(watched.id)).toEqual([]);
    await advance(day);
    const logs = await logsOf(watched.id);
    expect(logs).toMatchObject([{ changeDetected: true, changeCategories: ["address"], fetchStatus: "success" }]);
    expect(Date.parse(logs[0]!.createdAt) - Date.parse(watched.createdAt!)).toBe(day * 1000);
    expect(notificationsFor(watched.id).map((n) => [n.changeCategories, n.monitorHasBeenDeactivated])).toEqual([
      [["disappeared"], true],
      [["address"], false],
    ]);
    expect(await details(watched.id)).toMatchObject({ active: true });
  });
});
