import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, registryConnections, users } from "@/db/schema";
import { sealSecret } from "@/lib/secret-box";
import { testApiKey } from "@/simulator/test-harness";
import { chooseConnection, signInAs } from "@/test/session";
import { startHttpStub } from "@/test/http-stub";
import { startSimulatorWithConnection } from "@/test/simulator-connection";
import { advanceClockAction, resetSandboxAction, saveSandboxCompanyAction, setChaosAction, setWalletAction } from "./actions";

let sim: Awaited<ReturnType<typeof startSimulatorWithConnection>>["sim"];
/** A registry that is not the simulator: it records every call and answers 404 to all. */
let elsewhere: Awaited<ReturnType<typeof startHttpStub>>;
/** A host that answers as the simulator would, or redirects to `catcher`, which records whether it got the key. */
let redirector: Awaited<ReturnType<typeof startHttpStub>>;
let catcher: Awaited<ReturnType<typeof startHttpStub>>;
const connections = { simulator: "", production: "", plainSandbox: "", redirecting: "" };

const sandboxAudit = async () =>
  (await db().select().from(auditLog))
    .filter((r) => r.action.startsWith("sandbox."))
    .map((r) => ({ action: r.action, target: r.target, details: r.details }));
const wallet = async () => (await sim.call("GET", "/_sim/wallet")).json.balance as number;
const addConnection = async (name: string, environment: "production" | "sandbox", baseUrl = elsewhere.url) =>
  (
    await db()
      .insert(registryConnections)
      .values({ name, environment, baseUrl, apiKeySealed: sealSecret(testApiKey), apiKeyHint: "sk_…" })
      .returning()
  )[0]!.id;

const company = { countryCode: "FR" as const, id: "SANDBOX-MOVE-1", extraJson: "" };

describe("sandbox tool actions", () => {
  beforeAll(async () => {
    ({ sim, connectionId: connections.simulator } = await startSimulatorWithConnection());
    elsewhere = await startHttpStub();
    connections.production = await addConnection("Live", "production");
    connections.plainSandbox = await addConnection("Vendor sandbox", "sandbox");
    redirector = await startHttpStub();
    catcher = await startHttpStub();
    connections.redirecting = await addConnection("Redirecting sandbox", "sandbox", redirector.url);
  });
  afterAll(async () => {
    await catcher.close();
    await redirector.close();
    await elsewhere.close();
    await sim.close();
  });
  beforeEach(async () => {
    await db().execute(sql`truncate ${users}, ${auditLog} cascade`);
    elsewhere.json(404, { error: { code: "not_found", message: "No such endpoint." } });
    chooseConnection(connections.simulator);
  });

  it("lets an admin set the wallet, advance the clock, set chaos and save a company on the simulator, auditing each", async () => {
    await signInAs("admin");
    const before = await wallet();
    expect(await setWalletAction({ credits: 4321 })).toEqual({ ok: true, data: { balance: 4321 } });
    expect(await wallet()).toBe(4321);

    const advanced = await advanceClockAction({ seconds: 3600 });
    expect(advanced).toMatchObject({ ok: true, data: { offsetSeconds: expect.any(Number) } });
    expect(await setChaosAction({ duplicateRate: 0.25, reorderWindowMs: 1000 })).toEqual({
      ok: true,
      data: { duplicateRate: 0.25, reorderWindowMs: 1000 },
    });
    await sim.call("PUT", "/_sim/chaos", { duplicateRate: 0, reorderWindowMs: 0 });

    expect(
      await saveSandboxCompanyAction({
        ...company,
        mode: "create",
        legalName: "Déménage SA",
        addressLine1: "1 Rue Vieille",
        city: "Paris",
      }),
    ).toEqual({
      ok: true,
      data: { countryCode: "FR", id: "SANDBOX-MOVE-1" },
    });
    expect(
      await saveSandboxCompanyAction({ ...company, mode: "update", addressLine1: "9 Quai Neuf", city: "Lyon", postalCode: "69002" }),
    ).toMatchObject({
      ok: true,
    });
    // What the next request of this company returns: the moved address, the legal name kept.
    const view = await sim.call("PATCH", `/v2/sandbox/companies/FR/SANDBOX-MOVE-1`, {});
    expect(view.json.company).toMatchObject({
      legalName: "Déménage SA",
      legalAddress: { addressLine1: "9 Quai Neuf", city: "Lyon", postalCode: "69002" },
    });

    expect(await sandboxAudit()).toEqual([
      { action: "sandbox.wallet_set", target: "Simulator", details: { fromCredits: before, toCredits: 4321 } },
      { action: "sandbox.clock_advanced", target: "Simulator", details: { seconds: 3600, now: expect.any(String) } },
      { action: "sandbox.chaos_changed", target: "Simulator", details: { duplicateRate: 0.25, reorderWindowMs: 1000 } },
      {
        action: "sandbox.company_saved",
        target: "FR:SANDBOX-MOVE-1",
        details: { connection: "Simulator", mode: "create", fields: ["company.legalName", "company.legalAddress"] },
      },
      {
        action: "sandbox.company_saved",
        target: "FR:SANDBOX-MOVE-1",
        details: { connection: "Simulator", mode: "update", fields: ["company.legalAddress"] },
      },
    ]);
  });

  it("resets only when the connection's name is typed, and audits the reset", async () => {
    await signInAs("admin");
    // Spent down from 7: a reset restores the wallet to 7.
    await sim.call("PUT", "/_sim/wallet", { balance: 7 });
    expect((await sim.call("POST", "/_sim/spend", { workspace: "default", credits: 2 })).status).toBe(200);
    expect(await resetSandboxAction({ confirmName: "simulator" })).toMatchObject({
      ok: false,
      code: "invalid_input",
      fieldErrors: { confirmName: ["Type Simulator exactly."] },
    });
    expect(await wallet()).toBe(5);
    expect(await sandboxAudit()).toEqual([]);
    expect(await resetSandboxAction({ confirmName: "Simulator" })).toEqual({ ok: true, data: undefined });
    expect(await wallet()).toBe(7);
    expect(await sandboxAudit()).toEqual([{ action: "sandbox.reset", target: "Simulator", details: {} }]);
  });

  it("refuses a compliance officer on every action, before anything reaches the simulator", async () => {
    await signInAs("compliance");
    const before = await wallet();
    const results = [
      await setWalletAction({ credits: 1 }),
      await advanceClockAction({ seconds: 60 }),
      await setChaosAction({ duplicateRate: 1, reorderWindowMs: 0 }),
      await saveSandboxCompanyAction({ ...company, mode: "create" }),
      await resetSandboxAction({ confirmName: "Simulator" }),
    ];
    for (const result of results) expect(result).toMatchObject({ ok: false, code: "forbidden" });
    expect(await wallet()).toBe(before);
    expect(await sandboxAudit()).toEqual([]);
  });

  it("on a production connection refuses every action and sends nothing to it", async () => {
    await signInAs("admin");
    chooseConnection(connections.production);
    const results = [
      await setWalletAction({ credits: 1 }),
      await advanceClockAction({ seconds: 60 }),
      await setChaosAction({ duplicateRate: 0, reorderWindowMs: 0 }),
      await saveSandboxCompanyAction({ ...company, mode: "create" }),
      await resetSandboxAction({ confirmName: "Live" }),
    ];
    for (const result of results) expect(result).toMatchObject({ ok: false, code: "not_sandbox" });
    expect(elsewhere.requests).toEqual([]);
    expect(await sandboxAudit()).toEqual([]);
  });

  it("on a sandbox that is not the simulator offers no /_sim/ control, and never sends its key anywhere else", async () => {
    await signInAs("admin");
    chooseConnection(connections.plainSandbox);
    expect(await setWalletAction({ credits: 1 })).toMatchObject({ ok: false, code: "not_simulator" });
    expect(await advanceClockAction({ seconds: 60 })).toMatchObject({ ok: false, code: "not_simulator" });
    expect(elsewhere.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /_sim/wallet", "GET /_sim/wallet"]);
    expect(elsewhere.requests.every((r) => r.headers["x-api-key"] === testApiKey)).toBe(true);
    expect(await sandboxAudit()).toEqual([]);
  });

  describe("a host that redirects the /_sim/ calls", () => {
    const redirectTo = (res: import("node:http").ServerResponse, path: string) =>
      res.writeHead(302, { location: `${catcher.url}${path}` }).end();
    beforeEach(async () => {
      await signInAs("admin");
      chooseConnection(connections.redirecting);
      catcher.json(200, { balance: 1 });
    });

    it("refuses a redirected control call in clear words, and the key never reaches the other host", async () => {
      // Detection sees the simulator; the wallet change is then redirected elsewhere.
      redirector.answer((req, res) =>
        req.method === "GET" ? res.writeHead(200, { "content-type": "application/json" }).end('{"balance":5}') : redirectTo(res, req.url!),
      );
      const result = await setWalletAction({ credits: 9 });
      expect(result).toMatchObject({
        ok: false,
        code: "unexpected_redirect",
        error: `The simulator's control API answered 302, a redirect to ${catcher.url}. The console never follows a redirect with the API key, so the call was not sent on; check the connection's base URL.`,
      });
      expect(redirector.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /_sim/wallet", "GET /_sim/wallet", "PUT /_sim/wallet"]);
      expect(catcher.requests).toEqual([]);
      expect(await sandboxAudit()).toEqual([]);
    });

    it("takes a redirected detection as not the simulator, without following it", async () => {
      redirector.answer((req, res) => redirectTo(res, req.url!));
      expect(await advanceClockAction({ seconds: 60 })).toMatchObject({ ok: false, code: "not_simulator" });
      expect(redirector.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /_sim/wallet"]);
      expect(catcher.requests).toEqual([]);
    });
  });
});
