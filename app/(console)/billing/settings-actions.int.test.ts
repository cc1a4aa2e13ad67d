import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, registryConnections, users } from "@/db/schema";
import { sealSecret } from "@/lib/secret-box";
import { chooseConnection, signInAs } from "@/test/session";
import { startHttpStub } from "@/test/http-stub";
import { startSimulatorWithConnection } from "@/test/simulator-connection";
import { testApiKey } from "@/simulator/test-harness";
import { saveAccountSettingsAction } from "./account-settings-actions";
import { removeOverrideAction, saveOverrideAction } from "./override-actions";

/** A registry stand-in that records every call: what was sent, and that nothing was. */
let registry: Awaited<ReturnType<typeof startHttpStub>>;
let stubConnection = "";
/** The simulator, for the round trip through a registry that applies what it is sent. */
let sim: Awaited<ReturnType<typeof startSimulatorWithConnection>>["sim"];
let simConnection = "";

const workspaceId = "3f2b8c1e-0a4d-4e5f-9b6c-7d8e9f0a1b2c";
const configPath = `/v2/billing/notifications/workspaces/${workspaceId}/config`;

const account = {
  lowBalanceEnabled: false,
  lowBalanceEmailEnabled: true,
  lowBalanceWebhookEnabled: true,
  lowBalanceTiers: [{ tier: "warning", cents: 15_000 }],
  globalHighUsageEnabled: false,
  globalHighUsageEmailEnabled: true,
  globalHighUsageWebhookEnabled: true,
  globalHighUsagePeriodMinutes: 1440,
  globalHighUsageTiers: [{ tier: "warning", cents: 100_000 }],
  highUsageEnabled: true,
  highUsageEmailEnabled: true,
  highUsageWebhookEnabled: true,
  highUsagePeriodMinutes: 1440,
  highUsageTiers: [{ tier: "warning", cents: 50_000 }],
  autoTopupNotificationsEnabled: false,
  autoTopupEmailEnabled: true,
  autoTopupWebhookEnabled: true,
};
const storedOverride = {
  id: "o-1",
  workspaceId,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  highUsageEnabled: false,
  highUsageEmailEnabled: null,
  highUsageWebhookEnabled: null,
  highUsagePeriodMinutes: 720,
  highUsageTiers: null,
};

type Answer = { status: number; body: unknown };
/** The spec's error body. */
const refusal = (status: number, code: string, message: string): Answer => ({
  status,
  body: { statusCode: status, error: { code, message } },
});
/** Answers by "METHOD path"; anything else is the registry's 404 for an endpoint it lacks. */
function answerWith(routes: Record<string, Answer | ((body: string) => Answer)>) {
  registry.answer((req, res, body) => {
    const route = routes[`${req.method} ${req.url}`];
    const answer =
      typeof route === "function" ? route(body) : (route ?? refusal(404, "not_found", `No endpoint ${req.method} ${req.url}.`));
    res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
  });
}

const auditsFor = async (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);
const sent = () => registry.requests.map((r) => `${r.method} ${r.url}`);

describe("billing settings actions", () => {
  beforeAll(async () => {
    ({ sim, connectionId: simConnection } = await startSimulatorWithConnection());
    registry = await startHttpStub();
    const [row] = await db()
      .insert(registryConnections)
      .values({ name: "Stub", environment: "sandbox", baseUrl: registry.url, apiKeySealed: sealSecret(testApiKey), apiKeyHint: "sk_dev_…" })
      .returning();
    stubConnection = row!.id;
  });
  afterAll(async () => {
    await registry.close();
    await sim.close();
  });
  beforeEach(async () => {
    await db().execute(sql`truncate ${users}, ${auditLog} cascade`);
    chooseConnection(stubConnection);
  });

  describe("a workspace's high-usage override", () => {
    it("PATCHes the set fields only, so every other field inherits, and audits who, which workspace, before and after", async () => {
      const finance = await signInAs("finance");
      answerWith({
        [`GET ${configPath}`]: { status: 200, body: { accountConfig: account, workspaceOverride: storedOverride } },
        [`PATCH ${configPath}`]: (body) => ({ status: 200, body: { ...storedOverride, ...nullsFor(storedOverride), ...JSON.parse(body) } }),
      });
      // Typed in credits, sent in the registry's credit cents.
      const tiers = [
        { tier: "first", cents: 500 },
        { tier: "second", cents: 1050 },
      ];
      const result = await saveOverrideAction({
        workspaceId,
        highUsageEmailEnabled: true,
        highUsageEnabled: null, // inherit: not sent
        highUsagePeriodMinutes: 60,
        highUsageTiers: [
          { tier: "first", credits: 5 },
          { tier: "second", credits: 10.5 },
        ],
      });
      expect(result).toMatchObject({ ok: true });
      const patch = registry.requests.find((r) => r.method === "PATCH")!;
      // Nothing kept from the stored override (its off switch and 720-minute window): those fields now inherit.
      expect(JSON.parse(patch.body)).toEqual({ highUsageEmailEnabled: true, highUsagePeriodMinutes: 60, highUsageTiers: tiers });
      const [row] = await auditsFor("billing.override_saved");
      expect(row).toMatchObject({
        actorId: finance.id,
        actorEmail: finance.email,
        target: workspaceId,
        details: {
          workspaceId,
          before: {
            highUsageEnabled: false,
            highUsageEmailEnabled: null,
            highUsageWebhookEnabled: null,
            highUsagePeriodMinutes: 720,
            highUsageTiers: null,
          },
          after: {
            highUsageEnabled: null,
            highUsageEmailEnabled: true,
            highUsageWebhookEnabled: null,
            highUsagePeriodMinutes: 60,
            highUsageTiers: tiers,
          },
        },
      });
    });

    it("sends nothing and audits nothing for bad input, with a message per field", async () => {
      await signInAs("finance");
      answerWith({});
      const result = await saveOverrideAction({
        workspaceId,
        highUsagePeriodMinutes: 4,
        highUsageTiers: [
          { tier: "same", credits: 0.01 },
          { tier: "same", credits: 2.5 },
        ],
      });
      expect(result).toEqual({
        ok: false,
        code: "invalid_input",
        error: "Please correct the highlighted fields.",
        fieldErrors: {
          highUsagePeriodMinutes: ["The window is at least 5 minutes."],
          "highUsageTiers.1.tier": ['Tier names must be unique: "same" appears more than once.'],
        },
      });
      expect(
        await saveOverrideAction({
          workspaceId,
          highUsageTiers: [
            { tier: "a", credits: 12.345 },
            { tier: "b", credits: -1 },
          ],
        }),
      ).toMatchObject({
        code: "invalid_input",
        fieldErrors: {
          "highUsageTiers.0.credits": ["Credits have at most 2 decimals."],
          "highUsageTiers.1.credits": ["Credits cannot be negative."],
        },
      });
      const badId = await saveOverrideAction({ workspaceId: "../config", highUsageEnabled: true });
      expect(badId).toMatchObject({ code: "invalid_input", fieldErrors: { workspaceId: [expect.stringContaining("a UUID")] } });
      expect(await removeOverrideAction({ workspaceId: "" })).toMatchObject({ code: "invalid_input" });
      expect(sent()).toEqual([]);
      expect(await auditsFor("billing.override_saved")).toEqual([]);
    });

    it("refuses compliance officers and auditors before anything is read or sent", async () => {
      answerWith({});
      for (const role of ["compliance", "auditor"] as const) {
        await signInAs(role);
        expect(await saveOverrideAction({ workspaceId, highUsageEnabled: true })).toMatchObject({ ok: false, code: "forbidden" });
        expect(await removeOverrideAction({ workspaceId })).toMatchObject({ ok: false, code: "forbidden" });
      }
      expect(sent()).toEqual([]);
    });

    it("shows the registry's 404 for an unknown workspace, in its words, and audits nothing", async () => {
      await signInAs("admin");
      const unknown = refusal(404, "workspace_not_found", "No workspace with this id.");
      answerWith({ [`GET ${configPath}`]: unknown, [`PATCH ${configPath}`]: unknown, [`DELETE ${configPath}`]: unknown });
      expect(await saveOverrideAction({ workspaceId, highUsageEnabled: true })).toMatchObject({
        ok: false,
        code: "workspace_not_found",
        error: "No workspace with this id.",
        registry: { status: 404 },
      });
      expect(await removeOverrideAction({ workspaceId })).toMatchObject({ ok: false, code: "workspace_not_found" });
      expect([...(await auditsFor("billing.override_saved")), ...(await auditsFor("billing.override_removed"))]).toEqual([]);
    });

    it("still saves where the registry does not show the current override, and says so in the audit row", async () => {
      await signInAs("finance");
      answerWith({
        [`PATCH ${configPath}`]: (body) => ({ status: 200, body: { ...storedOverride, ...nullsFor(storedOverride), ...JSON.parse(body) } }),
      });
      expect(await saveOverrideAction({ workspaceId, highUsageEnabled: true })).toMatchObject({ ok: true });
      const [row] = await auditsFor("billing.override_saved");
      expect(row!.details).toMatchObject({ before: expect.stringContaining("unreadable"), after: { highUsageEnabled: true } });
    });

    it("removes the override with DELETE and audits what it was", async () => {
      const finance = await signInAs("finance");
      answerWith({
        [`GET ${configPath}`]: { status: 200, body: { accountConfig: account, workspaceOverride: storedOverride } },
        [`DELETE ${configPath}`]: { status: 200, body: { ok: true } },
      });
      expect(await removeOverrideAction({ workspaceId })).toEqual({ ok: true, data: undefined });
      expect(sent()).toEqual([`GET ${configPath}`, `DELETE ${configPath}`]);
      const [row] = await auditsFor("billing.override_removed");
      expect(row).toMatchObject({
        actorId: finance.id,
        target: workspaceId,
        details: { before: { highUsageEnabled: false, highUsagePeriodMinutes: 720 } },
      });
    });
  });

  describe("through the simulator", () => {
    const view = async (id: string) => (await sim.call("GET", `/v2/billing/notifications/workspaces/${id}/config`)).json;
    const newWorkspace = async () => {
      const created = await sim.call("POST", "/v2/workspaces", { name: `branch-${crypto.randomUUID().slice(0, 8)}`, legalName: "Branch" });
      expect(created.status).toBe(201);
      return created.json.id as string;
    };

    beforeEach(async () => {
      chooseConnection(simConnection);
      await sim.call("PUT", "/_sim/vendor-endpoints", { enabled: true });
    });

    it("sets an override at the workspace's UUID that takes effect, replaces it as a whole, then removes it", async () => {
      await signInAs("finance");
      const id = await newWorkspace();
      const tiers = [
        { tier: "first", cents: 500 },
        { tier: "second", cents: 1000 },
      ];
      expect(
        await saveOverrideAction({
          workspaceId: id,
          highUsageEnabled: false,
          highUsagePeriodMinutes: 60,
          highUsageTiers: [
            { tier: "first", credits: 5 },
            { tier: "second", credits: 10 },
          ],
        }),
      ).toMatchObject({ ok: true, data: { override: { workspaceId: id, highUsageTiers: tiers } } });
      expect((await view(id)).workspaceOverride).toMatchObject({
        highUsageEnabled: false,
        highUsagePeriodMinutes: 60,
        highUsageTiers: tiers,
      });
      // A second save that leaves the window to inherit: the window the first one set is gone.
      expect(await saveOverrideAction({ workspaceId: id, highUsageEmailEnabled: true })).toMatchObject({ ok: true });
      expect((await view(id)).workspaceOverride).toMatchObject({
        highUsageEnabled: null,
        highUsageEmailEnabled: true,
        highUsagePeriodMinutes: null,
        highUsageTiers: null,
      });
      expect((await auditsFor("billing.override_saved")).map((r) => r.details)).toEqual([
        expect.objectContaining({ before: null, after: expect.objectContaining({ highUsagePeriodMinutes: 60 }) }),
        expect.objectContaining({
          before: expect.objectContaining({ highUsagePeriodMinutes: 60 }),
          after: expect.objectContaining({ highUsagePeriodMinutes: null }),
        }),
      ]);
      expect(await removeOverrideAction({ workspaceId: id })).toMatchObject({ ok: true });
      expect((await view(id)).workspaceOverride).toBeNull();
    });

    it("answers an unknown workspace with the registry's 404 in place", async () => {
      await signInAs("finance");
      const result = await saveOverrideAction({ workspaceId, highUsageEnabled: true });
      expect(result).toMatchObject({
        ok: false,
        code: "not_found",
        error: expect.stringContaining(workspaceId),
        registry: { status: 404 },
      });
    });

    it("still sets and removes an override on a registry with only the spec's endpoints", async () => {
      await signInAs("finance");
      const id = await newWorkspace();
      await sim.call("PUT", "/_sim/vendor-endpoints", { enabled: false });
      expect(await saveOverrideAction({ workspaceId: id, highUsageEnabled: true })).toMatchObject({ ok: true });
      expect(await removeOverrideAction({ workspaceId: id })).toMatchObject({ ok: true });
      expect((await auditsFor("billing.override_removed"))[0]!.details).toMatchObject({ before: expect.stringContaining("unreadable") });
      await sim.call("PUT", "/_sim/vendor-endpoints", { enabled: true });
    });

    it("changes the account's settings, which a workspace without an override then inherits", async () => {
      await signInAs("admin");
      const id = await newWorkspace();
      expect(await saveAccountSettingsAction({ highUsagePeriodMinutes: 90 })).toMatchObject({
        ok: true,
        data: { changed: ["highUsagePeriodMinutes"] },
      });
      expect((await view(id)).accountConfig.highUsagePeriodMinutes).toBe(90);
    });
  });

  describe("the account's notification settings", () => {
    const path = "/v2/billing/notifications/config";

    it("sends only the changed fields and audits each one's value before and after", async () => {
      const admin = await signInAs("admin");
      answerWith({
        [`GET ${path}`]: { status: 200, body: account },
        [`PATCH ${path}`]: (body) => ({ status: 200, body: { ...account, ...JSON.parse(body) } }),
      });
      const lowBalanceTiers = [
        { tier: "warning" as const, cents: 20_000 },
        { tier: "critical" as const, cents: 5_000 },
      ];
      expect(await saveAccountSettingsAction({ lowBalanceEnabled: true, lowBalanceTiers })).toEqual({
        ok: true,
        data: { changed: ["lowBalanceEnabled", "lowBalanceTiers"] },
      });
      expect(JSON.parse(registry.requests.find((r) => r.method === "PATCH")!.body)).toEqual({ lowBalanceEnabled: true, lowBalanceTiers });
      const [row] = await auditsFor("billing.account_config_changed");
      expect(row).toMatchObject({
        actorId: admin.id,
        target: "Stub",
        details: {
          fields: ["lowBalanceEnabled", "lowBalanceTiers"],
          before: { lowBalanceEnabled: false, lowBalanceTiers: account.lowBalanceTiers },
          after: { lowBalanceEnabled: true, lowBalanceTiers },
        },
      });
    });

    it("sends nothing when nothing changed, or when the input is bad, and refuses an auditor", async () => {
      await signInAs("finance");
      answerWith({});
      expect(await saveAccountSettingsAction({})).toEqual({ ok: true, data: { changed: [] } });
      expect(
        await saveAccountSettingsAction({
          highUsagePeriodMinutes: 43_201,
          lowBalanceTiers: [{ tier: "overdrawn" as "warning", cents: 1 }],
        }),
      ).toMatchObject({
        code: "invalid_input",
        fieldErrors: {
          highUsagePeriodMinutes: ["The window is at most 43200 minutes (30 days)."],
          "lowBalanceTiers.0.tier": ["A low-balance tier is warning, critical or depleted."],
        },
      });
      await signInAs("auditor");
      expect(await saveAccountSettingsAction({ lowBalanceEnabled: true })).toMatchObject({ code: "forbidden" });
      expect(sent()).toEqual([]);
      expect(await auditsFor("billing.account_config_changed")).toEqual([]);
    });

    it("shows the registry's refusal with its code and message", async () => {
      await signInAs("finance");
      answerWith({
        [`GET ${path}`]: { status: 200, body: account },
        [`PATCH ${path}`]: refusal(400, "invalid_request", "lowBalanceTiers must be ordered."),
      });
      expect(await saveAccountSettingsAction({ lowBalanceEnabled: true })).toMatchObject({
        ok: false,
        code: "invalid_request",
        error: "lowBalanceTiers must be ordered.",
      });
      expect(await auditsFor("billing.account_config_changed")).toEqual([]);
    });
  });
});

/** Every override field null: what a PATCH leaves of the stored override before applying the body (omitted means inherit). */
function nullsFor(override: typeof storedOverride) {
  return {
    ...override,
    highUsageEnabled: null,
    highUsageEmailEnabled: null,
    highUsageWebhookEnabled: null,
    highUsagePeriodMinutes: null,
    highUsageTiers: null,
  };
}
