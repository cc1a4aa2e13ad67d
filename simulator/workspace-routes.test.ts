import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { errorBodySchema, listedWorkspaces, workspaceListSchema, workspaceUsageSchema } from "../lib/registry/schemas.shared";
import { defaultWorkspaceId } from "./state";
import { startTestSimulator } from "./test-harness";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
beforeAll(async () => {
  sim = await startTestSimulator({ walletCredits: 10_000 });
});
afterAll(() => sim.close());
afterEach(() => vi.useRealTimers());

const usage = async (query = "") => {
  const answer = await sim.call("GET", `/v2/workspaces/usage${query}`);
  expect(answer.status, answer.text).toBe(200);
  return workspaceUsageSchema.parse(answer.json);
};

describe("GET and POST /v2/workspaces", () => {
  it("lists the default workspace first, creates one with 201, and refuses a taken name with 409", async () => {
    const created = await sim.call("POST", "/v2/workspaces", { name: "branch-paris", legalName: "Acme Paris SAS" });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "branch-paris",
      legalName: "Acme Paris SAS",
      uboEnabled: true,
      isDefault: false,
      createdAt: expect.any(String),
    });
    const list = listedWorkspaces(workspaceListSchema.parse((await sim.call("GET", "/v2/workspaces")).json));
    expect(list).toEqual([
      expect.objectContaining({ id: defaultWorkspaceId, name: "default", legalName: null, isDefault: true }),
      created.json,
    ]);
    const again = await sim.call("POST", "/v2/workspaces", { name: "branch-paris", legalName: "Other" });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("conflict");
    expect((await sim.call("POST", "/v2/workspaces", { name: "default", legalName: "x" })).status).toBe(409);
  });

  it("validates the name and the legal name, and creates nothing on a refusal", async () => {
    const bad = [
      { legalName: "No name" },
      { name: "branch-lyon" },
      { name: "branch lyon", legalName: "Space" },
      { name: "branch/lyon", legalName: "Slash" },
      { name: "x".repeat(65), legalName: "Too long" },
      { name: "branch-lyon", legalName: "x".repeat(256) },
    ];
    const before = (await sim.call("GET", "/v2/workspaces")).json;
    for (const body of bad) {
      const answer = await sim.call("POST", "/v2/workspaces", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.error).toMatchObject({ code: "invalid_request", details: [expect.any(String)] });
    }
    expect((await sim.call("GET", "/v2/workspaces")).json).toEqual(before);
    expect((await sim.call("POST", "/v2/workspaces", { name: "__proto__", legalName: "Odd but valid" })).status).toBe(201);
    expect((await sim.call("POST", "/v2/workspaces", { name: "x".repeat(64), legalName: "x".repeat(255) })).status).toBe(201);
    expect(listedWorkspaces(workspaceListSchema.parse((await sim.call("GET", "/v2/workspaces")).json)).map((w) => w.name)).toContain(
      "__proto__",
    );
  });
});

describe("GET /v2/workspaces/usage", () => {
  it("sums each workspace's charges in credit cents, with the request charged, and filters by name or id", async () => {
    const team = (await sim.call("POST", "/v2/workspaces", { name: "team-usage", legalName: "Team Usage GmbH" })).json;
    const ordered = await sim.call("POST", "/v2/company", { id: "HRB 4711", countryCode: "DE", dataPoints: ["company"] });
    const requestId = ordered.json.request.requestId as string;
    const price = (await sim.call("GET", `/v2/company/${requestId}`)).json.request.dataStatus.dataPoints.company.cost as number;
    expect(price).toBeGreaterThan(0);
    expect((await sim.call("POST", "/_sim/spend", { workspace: "team-usage", credits: 12.34 })).status).toBe(200);
    expect((await sim.call("POST", "/_sim/spend", { workspace: team.id, credits: 0.66 })).status).toBe(200);

    const all = await usage();
    const byName = (name: string) => all.workspaces.find((w) => w.name === name);
    expect(byName("default")).toMatchObject({
      workspaceId: defaultWorkspaceId,
      totalCreditCents: Math.round(price * 100),
      requestCount: 1,
      charges: [{ at: expect.any(String), creditCents: Math.round(price * 100), requestId }],
    });
    expect(byName("team-usage")).toMatchObject({ workspaceId: team.id, totalCreditCents: 1300, requestCount: 2 });
    expect(byName("team-usage")!.charges!.map((c) => c.creditCents)).toEqual([1234, 66]);
    expect(byName("branch-paris")).toMatchObject({ totalCreditCents: 0, requestCount: 0, charges: [] });

    for (const workspace of ["team-usage", team.id]) {
      const one = await usage(`?workspace=${workspace}`);
      expect(one.workspaces.map((w) => w.workspaceId)).toEqual([team.id]);
    }
    const missing = await sim.call("GET", "/v2/workspaces/usage?workspace=nope");
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe("not_found");
  });

  it("shows a refund as a negative charge of the same request, netted in the total", async () => {
    const before = (await usage("?workspace=default")).workspaces[0]!;
    const ordered = await sim.call("POST", "/v2/company", { id: "DATAPOINT_NOT_APPLICABLE", countryCode: "DE", dataPoints: ["company"] });
    const requestId = ordered.json.request.requestId as string;
    await sim.call("POST", "/_sim/advance", { seconds: 60 }); // the datapoint fails as not applicable: its block is refunded
    const after = (await usage("?workspace=default")).workspaces[0]!;
    const ofRequest = after.charges!.filter((c) => c.requestId === requestId).map((c) => c.creditCents);
    expect(ofRequest).toHaveLength(2);
    expect(ofRequest[0]).toBeGreaterThan(0);
    expect(ofRequest[1]).toBe(-ofRequest[0]!);
    expect(after.totalCreditCents).toBe(before.totalCreditCents);
    expect(after.requestCount).toBe(before.requestCount! + 1);
  });

  it("reports the last 30 days up to now by default, echoes the range it used, and keeps both ends", async () => {
    vi.useFakeTimers({ toFake: ["Date"] }); // the simulator's clock (in this process) stands still
    const now = Date.parse((await sim.call("POST", "/_sim/advance", { seconds: 0 })).json.now);
    const report = await usage();
    expect(Date.parse(report.endDate!)).toBe(now);
    expect(Date.parse(report.endDate!) - Date.parse(report.startDate!)).toBe(30 * 24 * 3600 * 1000);

    // A charge 40 days ago leaves the default range but stays in an explicit one that names its day.
    await sim.call("POST", "/v2/workspaces", { name: "branch-range", legalName: "Range SAS" });
    expect((await sim.call("POST", "/_sim/spend", { workspace: "branch-range", credits: 5 })).status).toBe(200);
    const at = (await usage("?workspace=branch-range")).workspaces[0]!.charges![0]!.at; // the charge's own moment
    const chargeDay = at.slice(0, 10); // its day, even when it landed just after midnight UTC
    for (const _ of [1, 2]) expect((await sim.call("POST", "/_sim/advance", { seconds: 20 * 24 * 3600 })).status).toBe(200);
    const spent = async (query: string) => (await usage(`?workspace=branch-range${query}`)).workspaces[0]!.totalCreditCents;
    expect(await spent("")).toBe(0);
    expect(await spent(`&startDate=${chargeDay}&endDate=${chargeDay}`)).toBe(500); // a date covers its whole day
    expect((await usage(`?workspace=branch-range&startDate=${chargeDay}`)).workspaces[0]!.charges![0]!.at).toBe(at);
    expect(await spent(`&startDate=${at}&endDate=${at}`)).toBe(500); // date-times are inclusive at both ends
    const later = new Date(Date.parse(at) + 1).toISOString();
    expect(await spent(`&startDate=${later}`)).toBe(0);
    expect((await usage(`?startDate=${chargeDay}&endDate=${at}`)).startDate).toBe(chargeDay);
  });

  it("refuses a date that is not an ISO date or date-time, and a reversed range", async () => {
    for (const query of [
      "startDate=yesterday",
      "endDate=2026-02-30",
      "startDate=2026-04-01T25:00:00Z",
      "startDate=2026-05-01&endDate=2026-04-01",
    ]) {
      const answer = await sim.call("GET", `/v2/workspaces/usage?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.json.error.code).toBe("invalid_request");
    }
  });
});

describe("POST /_sim/spend", () => {
  it("charges the wallet for the named workspace, refuses an unknown one, a non-positive amount and a short wallet", async () => {
    await sim.call("PUT", "/_sim/wallet", { balance: 100 });
    expect((await sim.call("POST", "/_sim/spend", { workspace: "team-usage", credits: 30 })).json.balance).toBe(70);
    expect((await sim.call("GET", "/_sim/wallet")).json.balance).toBe(70);
    expect((await sim.call("POST", "/_sim/spend", { workspace: "nobody", credits: 1 })).status).toBe(404);
    expect((await sim.call("POST", "/_sim/spend", { workspace: "team-usage", credits: 0 })).status).toBe(400);
    expect((await sim.call("POST", "/_sim/spend", { workspace: "team-usage", credits: 71 })).status).toBe(402);
    expect((await sim.call("GET", "/_sim/wallet")).json.balance).toBe(70);
  });
});

describe("PATCH and DELETE /v2/workspaces/{name}", () => {
  const names = async () => listedWorkspaces(workspaceListSchema.parse((await sim.call("GET", "/v2/workspaces")).json)).map((w) => w.name);

  it("answers 404 to a PATCH of an unknown name and creates nothing", async () => {
    const answer = await sim.call("PATCH", "/v2/workspaces/never-created", { legalName: "Ghost GmbH" });
    expect(answer.status).toBe(404);
    expect(errorBodySchema.parse(answer.json).error).toEqual({ code: "not_found", message: "No workspace named never-created." });
    expect(await names()).not.toContain("never-created");
  });

  it("deletes a workspace with its vault entries and high-usage override, and the name can be created afresh", async () => {
    const first = (await sim.call("POST", "/v2/workspaces", { name: "short-lived", legalName: "Short Lived SAS" })).json;
    const payload = { email: "ops@example.com", password: "pw-short-lived" };
    expect((await sim.call("PUT", "/v2/workspaces/short-lived/vault/infogreffe", { payload })).status).toBe(200);
    const override = `/v2/billing/notifications/workspaces/${first.id}/config`;
    expect((await sim.call("PATCH", override, { highUsagePeriodMinutes: 30 })).status).toBe(200);
    await sim.call("PUT", "/_sim/wallet", { balance: 10_000 });
    expect((await sim.call("POST", "/_sim/spend", { workspace: "short-lived", credits: 600 })).status).toBe(200);
    const alarms = () => Object.keys(sim.simulator.ctx.store.state.tierAlarms).filter((key) => key.includes(first.id));
    expect(alarms()).not.toEqual([]);

    const deleted = await sim.call("DELETE", "/v2/workspaces/short-lived");
    expect([deleted.status, deleted.json]).toEqual([200, { ok: true }]);
    expect(await names()).not.toContain("short-lived");
    expect((await sim.call("GET", "/v2/workspaces/short-lived/vault")).status).toBe(404);
    expect((await sim.call("GET", override)).status).toBe(404);
    expect(sim.simulator.ctx.store.state.highUsageOverrides).not.toHaveProperty(first.id);
    expect(sim.simulator.ctx.store.state.vault).not.toHaveProperty("short-lived");
    expect(alarms()).toEqual([]);
    expect((await sim.call("DELETE", "/v2/workspaces/short-lived")).status).toBe(404);

    const again = (await sim.call("POST", "/v2/workspaces", { name: "short-lived", legalName: "Short Lived SAS" })).json;
    expect(again.id).not.toBe(first.id);
    const vault = (await sim.call("GET", "/v2/workspaces/short-lived/vault")).json as { ownerWorkspaceId: string }[];
    expect(vault.filter((entry) => entry.ownerWorkspaceId !== defaultWorkspaceId)).toEqual([]);
  });

  it("refuses to delete the default workspace with 409 conflict, saying why", async () => {
    const answer = await sim.call("DELETE", "/v2/workspaces/default");
    expect(answer.status).toBe(409);
    expect(errorBodySchema.parse(answer.json).error).toEqual({
      code: "conflict",
      message:
        "The default workspace cannot be deleted: company requests are charged to it and the other workspaces inherit its vault entries.",
    });
    expect(await names()).toContain("default");
  });
});
