import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyUpdatedEventSchema, monitorSchema, searchResultsSchema, type CompanyUpdatedEvent } from "../lib/registry/schemas.shared";
import { startTestSimulator } from "./test-harness";

// The recipe for "a webhook that adds a compliance flag": a sandbox change to an ordered (generated) company, then an
// order of its company block, whose company.updated deliveries carry the flag; its monitor reports `status`.
let sim: Awaited<ReturnType<typeof startTestSimulator>>;
let id: string;
beforeAll(async () => {
  sim = await startTestSimulator();
  id = searchResultsSchema.parse((await sim.call("GET", "/v2/search?country=GB&query=Holding")).json)[0]!.id;
});
afterAll(() => sim.close());

const day = 24 * 3600;
const wallet = async () => (await sim.call("GET", "/_sim/wallet")).json.balance as number;

/** Advances the simulated clock, then waits (bounded) until no webhook is left to deliver. */
async function advance(seconds: number) {
  expect((await sim.call("POST", "/_sim/advance", { seconds })).status).toBe(200);
  for (let i = 0; i < 150; i++) {
    if (((await sim.call("GET", "/_sim/deliveries?state=pending")).json as unknown[]).length === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("webhooks still pending after 3 s");
}

const updatesOf = (requestId: string): CompanyUpdatedEvent[] =>
  sim.received
    .map((r) => JSON.parse(r.body) as { type?: string; request?: { requestId?: string } })
    .filter((body) => body.type === "company.updated" && body.request?.requestId === requestId)
    .map((body) => companyUpdatedEventSchema.parse(body))
    .sort((a, b) => (a.request.version ?? 0) - (b.request.version ?? 0));

async function orderCompanyBlock(): Promise<string> {
  const answer = await sim.call("POST", "/v2/company", { id, countryCode: "GB", dataPoints: ["company"] });
  expect(answer.status).toBe(200);
  await advance(10);
  return answer.json.request.requestId as string;
}

describe("a compliance flag added to an ordered company", () => {
  it("reaches the next order's company.updated (free within 24 hours) and the monitor's next check", async () => {
    const first = await orderCompanyBlock();
    const before = updatesOf(first).at(-1)?.company?.complianceFlags;
    expect(before?.accountsOverdue?.active).toBe(false);
    const monitor = monitorSchema.parse((await sim.call("POST", "/v2/monitors", { companyId: id, countryCode: "GB" })).json);

    // POST (PATCH once it is user-defined) overrides whole company fields: send every flag, the new one active.
    const accountsOverdue = { active: true, dueDate: "2026-02-28", since: "2026-03-01", source: "Companies House" };
    const changed = await sim.call("POST", "/v2/sandbox/companies", {
      countryCode: "GB",
      id,
      company: { complianceFlags: { ...before, accountsOverdue } },
    });
    expect(changed.status).toBe(201);
    expect(changed.json.company.complianceFlags.accountsOverdue).toEqual(accountsOverdue);
    const firstDeliveries = updatesOf(first).length;

    const balance = await wallet();
    const second = await orderCompanyBlock();
    expect(await wallet()).toBe(balance);
    const terminal = updatesOf(second).at(-1);
    expect(terminal?.request.dataStatus?.dataPoints?.company?.status).toBe("succeeded");
    expect(terminal?.company?.complianceFlags?.accountsOverdue).toEqual(accountsOverdue);
    // The first request gets no new delivery: the flag travels in the new request's snapshots.
    expect(updatesOf(first).length).toBe(firstDeliveries);

    await advance(day);
    const notifications = sim.received
      .map((r) => JSON.parse(r.body) as { type?: string; monitorId?: string; changeCategories?: string[] })
      .filter((body) => body.type === "monitor.notification" && body.monitorId === monitor.id);
    expect(notifications.map((n) => n.changeCategories)).toEqual([["status"]]);
  });
});
