import { Webhook } from "svix";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  billingEventsSchema,
  catalogResponseSchema,
  errorBodySchema,
  highUsageOverrideSchema,
  monitorListResponseSchema,
  monitorLogsResponseSchema,
  monitorNotificationEventSchema,
  monitorSchema,
  pricingResponseSchema,
  vaultEntriesSchema,
  vaultEntrySchema,
  vaultSourcesSchema,
  workspaceResponseSchema,
} from "../lib/registry/schemas.shared";
import { defaultWorkspaceId } from "./state";
import { startTestSimulator, testSecret } from "./test-harness";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(() => sim.close());

const waitFor = async (check: () => boolean, ms = 3000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("authentication", () => {
  it("answers 401 with the spec's error body without a key or with a wrong one", async () => {
    for (const key of ["", "sk_dev_wrong"]) {
      const answer = await sim.call("GET", "/v2/catalog", undefined, key);
      expect(answer.status).toBe(401);
      expect(errorBodySchema.parse(answer.json)).toMatchObject({ statusCode: 401, error: { code: "unauthorized" } });
    }
    expect((await sim.call("GET", "/_sim/wallet", undefined, "")).status).toBe(401);
  });
});

describe("pricing and catalog", () => {
  it("prices a country with blocks and per-datapoint entries; listing documents is free", async () => {
    const { json } = await sim.call("GET", "/v2/pricing?countryCode=FR");
    const pricing = pricingResponseSchema.parse(json);
    expect(pricing.availableDocuments).toMatchObject({ available: true, price: 0 });
    expect(pricing.subsidiaries?.available).toBe(true);
    expect(pricing.legalRepresentatives?.price).toBe(pricing.company?.price); // same block
    expect(Object.keys(pricing.monitoring ?? {})).toContain("availableDocuments");
    const italy = pricingResponseSchema.parse((await sim.call("GET", "/v2/pricing?countryCode=IT")).json);
    expect(italy.subsidiaries?.available).toBe(false);
    expect((await sim.call("GET", "/v2/pricing?countryCode=XX")).status).toBe(400);
  });

  it("lists every country with its development status", async () => {
    const catalog = catalogResponseSchema.parse((await sim.call("GET", "/v2/catalog")).json);
    const countries = Array.isArray(catalog) ? catalog : (catalog.countries as { countryCode: string; developmentStatus: string }[]);
    expect(countries).toHaveLength(40);
    expect(countries.find((c) => c.countryCode === "CN")?.developmentStatus).toBe("beta");
  });
});

describe("monitors", () => {
  it("creates or retrieves, replacing metadata, skipping long keys and truncating long values", async () => {
    const long = "k".repeat(41);
    const first = await sim.call("POST", "/v2/monitors", {
      companyId: "552100554",
      countryCode: "FR",
      metadata: { case: "A-1", [long]: "x", note: "v".repeat(501) },
    });
    expect(first.status).toBe(201);
    const monitor = monitorSchema.parse(first.json);
    expect(monitor.metadata).toEqual({ case: "A-1", note: "v".repeat(500) });
    const again = monitorSchema.parse(
      (await sim.call("POST", "/v2/monitors", { companyId: "552100554", countryCode: "FR", metadata: { case: "B-2" } })).json,
    );
    expect(again.id).toBe(monitor.id);
    expect(again.metadata).toEqual({ case: "B-2" });
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"]));
    expect((await sim.call("POST", "/v2/monitors", { companyId: "1", countryCode: "FR", metadata: tooMany })).status).toBe(400);
    expect((await sim.call("POST", "/v2/monitors", { companyId: "1", countryCode: "RU" })).json.error.message).toMatch(
      /not supported for RU/,
    );
  });

  it("pages with cursors and refuses first below 1", async () => {
    // All five in the same millisecond, as quick successive requests can be: they still list in creation order.
    const frozen = vi.spyOn(Date, "now").mockReturnValue(Date.now());
    try {
      for (let i = 0; i < 5; i++) await sim.call("POST", "/v2/monitors", { companyId: `page-${i}`, countryCode: "DE" });
    } finally {
      frozen.mockRestore();
    }
    const pageOne = monitorListResponseSchema.parse((await sim.call("GET", "/v2/monitors?countryCode=DE&first=2")).json);
    expect(pageOne).toMatchObject({ total: 5, hasNextPage: true });
    const pageTwo = monitorListResponseSchema.parse(
      (await sim.call("GET", `/v2/monitors?countryCode=DE&first=2&after=${pageOne.nextCursor}`)).json,
    );
    const pageThree = monitorListResponseSchema.parse(
      (await sim.call("GET", `/v2/monitors?countryCode=DE&first=2&after=${pageTwo.nextCursor}`)).json,
    );
    const ids = [...pageOne.monitors, ...pageTwo.monitors, ...pageThree.monitors].map((m) => m.companyId);
    expect(ids).toEqual(["page-0", "page-1", "page-2", "page-3", "page-4"]);
    expect(pageThree.hasNextPage).toBe(false);
    expect((await sim.call("GET", "/v2/monitors?first=0")).status).toBe(400);
  });

  it("gets, deletes, and answers 404 after", async () => {
    const monitor = monitorSchema.parse((await sim.call("POST", "/v2/monitors", { companyId: "to-delete", countryCode: "GB" })).json);
    expect((await sim.call("GET", `/v2/monitors/${monitor.id}`)).status).toBe(200);
    expect((await sim.call("DELETE", `/v2/monitors/${monitor.id}`)).status).toBe(204);
    expect((await sim.call("GET", `/v2/monitors/${monitor.id}`)).status).toBe(404);
    expect((await sim.call("GET", `/v2/monitors/${monitor.id}/logs`)).status).toBe(404);
  });

  it("sends a signed test notification built like a real one, with the monitor's metadata", async () => {
    const monitor = monitorSchema.parse(
      (await sim.call("POST", "/v2/monitors", { companyId: "notify-me", countryCode: "FR", metadata: { case: "T-9" } })).json,
    );
    expect((await sim.call("POST", `/v2/monitors/${monitor.id}/test-notification`, { changeCategories: ["nonsense"] })).status).toBe(400);
    const before = sim.received.length;
    const answer = await sim.call("POST", `/v2/monitors/${monitor.id}/test-notification`, { changeCategories: ["address", "status"] });
    const payload = monitorNotificationEventSchema.parse(answer.json);
    expect(payload).toMatchObject({
      monitorId: monitor.id,
      companyId: "notify-me",
      changeCategories: ["address", "status"],
      monitorHasBeenDeactivated: false,
      metadata: { case: "T-9" },
    });
    await waitFor(() => sim.received.slice(before).some((r) => r.body.includes(monitor.id)));
    const delivery = sim.received.slice(before).find((r) => r.body.includes(monitor.id))!;
    const verified = new Webhook(testSecret).verify(delivery.body, delivery.headers as Record<string, string>);
    expect(verified).toEqual(payload);
  });

  it("checks daily on the simulated clock and writes a log entry per check", async () => {
    await sim.call("POST", "/v2/sandbox/companies", { countryCode: "NL", id: "daily", company: { legalName: "Daily B.V." } });
    const monitor = monitorSchema.parse((await sim.call("POST", "/v2/monitors", { companyId: "daily", countryCode: "NL" })).json);
    const changed = await sim.call("PATCH", "/v2/sandbox/companies/NL/daily", {
      company: { legalAddress: { addressLine1: "Damrak 1", city: "Amsterdam" }, capital: { amount: 5, currency: "EUR" } },
    });
    expect(changed.status).toBe(200);
    await sim.call("POST", "/_sim/advance", { seconds: 3 * 24 * 3600 + 60 });
    const logs = monitorLogsResponseSchema.parse((await sim.call("GET", `/v2/monitors/${monitor.id}/logs?first=10`)).json).logs;
    // Three checks, newest first, 24 hours apart from the monitor's creation; only the first finds the change.
    const created = Date.parse(monitor.createdAt!);
    expect(logs.map((l) => Date.parse(l.createdAt) - created)).toEqual([3, 2, 1].map((days) => days * 24 * 3600_000));
    expect(logs.map((l) => [l.changeDetected, l.changeCategories, l.fetchStatus])).toEqual([
      [false, [], "success"],
      [false, [], "success"],
      [true, ["address", "financial"], "success"],
    ]);
    await waitFor(() => sim.received.some((r) => r.body.includes(monitor.id)));
    const notifications = sim.received
      .map((r) => JSON.parse(r.body) as { type: string; monitorId?: string })
      .filter((body) => body.type === "monitor.notification" && body.monitorId === monitor.id)
      .map((body) => monitorNotificationEventSchema.parse(body));
    expect(notifications).toMatchObject([
      { changeCategories: ["address", "financial"], monitorHasBeenDeactivated: false, timestamp: logs[2]!.createdAt },
    ]);
  });
});

describe("vault and workspaces", () => {
  it("describes sources with list-typed fields", async () => {
    const sources = vaultSourcesSchema.parse((await sim.call("GET", "/v2/vault/sources")).json);
    expect(sources.some((s) => s.fields.some((f) => f.item?.fields.length))).toBe(true);
  });

  it("stores, bumps the version, inherits from the default workspace, and never returns a value", async () => {
    const payload = { email: "ops@example.com", password: "never-shown-42" };
    const first = vaultEntrySchema.parse((await sim.call("PUT", "/v2/workspaces/default/vault/infogreffe", { payload })).json);
    const second = vaultEntrySchema.parse((await sim.call("PUT", "/v2/workspaces/default/vault/infogreffe", { payload })).json);
    expect(second.version).toBe(first.version + 1);
    expect((await sim.call("PUT", "/v2/workspaces/default/vault/infogreffe", { payload: { email: "x@y.z" } })).status).toBe(400);
    expect((await sim.call("POST", "/v2/workspaces", { name: "team-a", legalName: "Team A" })).status).toBe(201);
    const listed = await sim.call("GET", "/v2/workspaces/team-a/vault");
    const entries = vaultEntriesSchema.parse(listed.json);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ sourceKey: "infogreffe", inheritedFromWorkspaceId: "00000000-0000-4000-8000-000000000001" });
    expect(listed.text + JSON.stringify(second)).not.toContain("never-shown-42");
  });

  it("patches a workspace and refuses a legal name over 255 characters", async () => {
    expect(
      workspaceResponseSchema.parse(
        (await sim.call("PATCH", "/v2/workspaces/team-a", { legalName: "Team A GmbH", uboEnabled: false })).json,
      ),
    ).toMatchObject({ legalName: "Team A GmbH", uboEnabled: false });
    expect((await sim.call("PATCH", "/v2/workspaces/team-a", { legalName: "x".repeat(256) })).status).toBe(400);
  });
});

describe("billing notifications", () => {
  it("validates and upserts a workspace override, then deletes it", async () => {
    const bad = [
      { highUsagePeriodMinutes: 4 },
      { highUsagePeriodMinutes: 43201 },
      { highUsageTiers: [] },
      {
        highUsageTiers: [
          { tier: "a", cents: 1 },
          { tier: "a", cents: 2 },
        ],
      },
    ];
    const path = `/v2/billing/notifications/workspaces/${defaultWorkspaceId}/config`;
    for (const body of bad) expect((await sim.call("PATCH", path, body)).status).toBe(400);
    const first = highUsageOverrideSchema.parse(
      (await sim.call("PATCH", path, { highUsagePeriodMinutes: 5, highUsageEmailEnabled: false })).json,
    );
    expect(first).toMatchObject({ workspaceId: defaultWorkspaceId, highUsagePeriodMinutes: 5, highUsageEmailEnabled: false });
    // A PATCH sets what it names; every field it omits inherits (null), whatever an earlier PATCH set.
    const second = highUsageOverrideSchema.parse(
      (await sim.call("PATCH", path, { highUsageTiers: [{ tier: "warning", cents: 100 }] })).json,
    );
    expect(second).toEqual({
      id: first.id,
      workspaceId: defaultWorkspaceId,
      createdAt: first.createdAt,
      updatedAt: expect.any(String),
      highUsageEnabled: null,
      highUsageEmailEnabled: null,
      highUsageWebhookEnabled: null,
      highUsagePeriodMinutes: null,
      highUsageTiers: [{ tier: "warning", cents: 100 }],
    });
    const third = (await sim.call("PATCH", path, { highUsageEnabled: false, highUsageTiers: null })).json;
    expect(third).toMatchObject({ id: first.id, highUsageEnabled: false, highUsageTiers: null, highUsagePeriodMinutes: null });
    expect((await sim.call("GET", path)).json.workspaceOverride).toEqual(third);
    expect((await sim.call("DELETE", path)).json).toEqual({ ok: true });
    expect((await sim.call("GET", path)).json.workspaceOverride).toBeNull();
    expect((await sim.call("DELETE", path)).json).toEqual({ ok: true }); // idempotent
  });

  it("lists recent events, newest first, as many as the limit (1 to 200, default 50)", async () => {
    // Each round refills the wallet just above the account's warning tier (2,000.00) and falls through it again
    // (and nothing else fires: the per-workspace high-usage notifications are off).
    await sim.call("PATCH", "/v2/billing/notifications/config", { highUsageEnabled: false });
    for (let round = 1; round <= 55; round++) {
      await sim.call("PUT", "/_sim/wallet", { balance: 2000 + round / 10 });
      expect((await sim.call("POST", "/_sim/spend", { workspace: "default", credits: 10 })).status).toBe(200);
    }
    const recent = async (query: string) =>
      billingEventsSchema.parse((await sim.call("GET", `/v2/billing/notifications/recent${query}`)).json);
    const all = await recent("?limit=200");
    expect(all.slice(0, 55).map((e) => [e.kind, e.identifier, e.payload.balanceCents])).toEqual(
      Array.from({ length: 55 }, (_, i) => ["low_balance", "warning", 199_000 + (55 - i) * 10]),
    );
    expect(await recent("?limit=1")).toEqual(all.slice(0, 1));
    expect(await recent("")).toEqual(all.slice(0, 50));
    for (const limit of ["0", "201", "1.5", "x"])
      expect((await sim.call("GET", `/v2/billing/notifications/recent?limit=${limit}`)).status).toBe(400);
  });
});

describe("control API", () => {
  it("lists delivery attempts with their outcome, and messages by state", async () => {
    const attempts = (await sim.call("GET", "/_sim/deliveries")).json as { messageId: string; ok: boolean; status?: number }[];
    expect(attempts.length).toBeGreaterThan(0);
    expect(attempts.every((a) => typeof a.ok === "boolean" && a.messageId.startsWith("msg_"))).toBe(true);
    const delivered = (await sim.call("GET", "/_sim/deliveries?state=delivered&type=monitor.notification")).json as {
      id: string;
      type: string;
      state: string;
    }[];
    expect(delivered.length).toBeGreaterThan(0);
    expect(delivered.every((m) => m.type === "monitor.notification" && m.state === "delivered")).toBe(true);
    await sim.simulator.queue.drain(); // a webhook the tests before queued may still be on its way
    expect((await sim.call("GET", "/_sim/deliveries?state=pending")).json).toEqual([]);
  });
});

describe("settings", () => {
  it("accepts the keys it generates", async () => {
    const { generateApiKey, readConfig } = await import("./config");
    const { generateSigningSecret } = await import("./webhooks/sign");
    for (let i = 0; i < 50; i++) {
      expect(() => readConfig({ SIM_API_KEY: generateApiKey(), SIM_WEBHOOK_SECRET: generateSigningSecret() })).not.toThrow();
    }
    expect(() => readConfig({ SIM_API_KEY: "sk_live_x" })).toThrow(/SIM_API_KEY/);
  });
});
