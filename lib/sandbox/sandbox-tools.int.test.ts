import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, registryConnections, users } from "@/db/schema";
import type { RegistryContext } from "@/lib/registry-seam/registry-context";
import { registryFor, type Registry } from "@/lib/connections/registry-for";
import { sealSecret } from "@/lib/secret-box";
import { startTestSimulator, testApiKey } from "@/simulator/test-harness";
import { startHttpStub } from "@/test/http-stub";
import { insertUser } from "@/test/users-fixture";
import { advanceSandboxClock, resetSandbox, saveSandboxCompany, setSandboxChaos, setSandboxWallet } from "./sandbox-tools";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
/** A registry that is not the simulator: it records every call and answers 404 to all. */
let elsewhere: Awaited<ReturnType<typeof startHttpStub>>;

const contextOn = async (registry: Registry): Promise<RegistryContext> => ({
  user: await insertUser(`admin-${crypto.randomUUID()}@example.com`, "admin"),
  registry: async () => registry,
});
/** A stored connection with its key sealed, opened as the actions open one. */
const stored = async (name: string, environment: "production" | "sandbox", baseUrl: string): Promise<Registry> => {
  const [row] = await db()
    .insert(registryConnections)
    .values({ name, environment, baseUrl, apiKeySealed: sealSecret(testApiKey), apiKeyHint: "sk_…" })
    .returning();
  return registryFor({ connectionId: row!.id });
};
const sandboxAudit = async () =>
  (
    await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} like 'sandbox.%'`)
      .orderBy(auditLog.id)
  ).map((r) => ({
    action: r.action,
    target: r.target,
    details: r.details,
  }));
const wallet = async () => (await sim.call("GET", "/_sim/wallet")).json.balance as number;

describe("the sandbox tools", () => {
  beforeAll(async () => {
    sim = await startTestSimulator();
    elsewhere = await startHttpStub();
  });
  afterAll(async () => {
    await elsewhere.close();
    await sim.close();
  });
  beforeEach(async () => {
    await db().execute(sql`truncate ${users}, ${auditLog}, ${registryConnections} cascade`);
    elsewhere.json(404, { error: { code: "not_found", message: "No such endpoint." } });
    elsewhere.requests.length = 0;
  });

  it("on the simulator set the wallet, advance the clock and set chaos, auditing each with the connection's name", async () => {
    const context = await contextOn(await stored("Simulator", "sandbox", sim.baseUrl));
    const before = await wallet();
    expect(await setSandboxWallet(context, 1234)).toEqual({ ok: true, data: { balance: 1234 } });
    expect(await wallet()).toBe(1234);
    expect(await advanceSandboxClock(context, { seconds: 60 })).toMatchObject({ ok: true, data: { now: expect.any(String) } });
    expect(await setSandboxChaos(context, { duplicateRate: 0, reorderWindowMs: 0 })).toEqual({
      ok: true,
      data: { duplicateRate: 0, reorderWindowMs: 0 },
    });
    expect(await sandboxAudit()).toEqual([
      { action: "sandbox.wallet_set", target: "Simulator", details: { fromCredits: before, toCredits: 1234 } },
      { action: "sandbox.clock_advanced", target: "Simulator", details: { seconds: 60, now: expect.any(String) } },
      { action: "sandbox.chaos_changed", target: "Simulator", details: { duplicateRate: 0, reorderWindowMs: 0 } },
    ]);
    const [row] = await db().select().from(auditLog).where(eq(auditLog.action, "sandbox.wallet_set"));
    expect(row!.actorEmail).toBe(context.user.email);
  });

  it("reset only when the connection's name is typed exactly", async () => {
    const context = await contextOn(await stored("Simulator", "sandbox", sim.baseUrl));
    await sim.call("PUT", "/_sim/wallet", { balance: 7 });
    expect((await sim.call("POST", "/_sim/spend", { workspace: "default", credits: 2 })).status).toBe(200);
    expect(await resetSandbox(context, "simulator")).toEqual({
      ok: false,
      code: "invalid_input",
      error: "Type the connection's name to confirm.",
      fieldErrors: { confirmName: ["Type Simulator exactly."] },
    });
    expect(await wallet()).toBe(5);
    expect(await sandboxAudit()).toEqual([]);
    expect(await resetSandbox(context, "Simulator")).toEqual({ ok: true, data: undefined });
    expect(await wallet()).toBe(7);
    expect(await sandboxAudit()).toEqual([{ action: "sandbox.reset", target: "Simulator", details: {} }]);
  });

  it("refuse every change on a production connection, sending nothing to it", async () => {
    const context = await contextOn(await stored("Live", "production", elsewhere.url));
    const notSandbox = {
      ok: false,
      code: "not_sandbox",
      error: "The sandbox tools are for sandbox connections only: Live is a production connection, so nothing here can change it.",
    };
    expect(await setSandboxWallet(context, 1)).toEqual(notSandbox);
    expect(await advanceSandboxClock(context, { seconds: 60 })).toEqual(notSandbox);
    expect(await setSandboxChaos(context, { duplicateRate: 0, reorderWindowMs: 0 })).toEqual(notSandbox);
    expect(await saveSandboxCompany(context, { mode: "create", countryCode: "FR", id: "X-1", extraJson: {} })).toEqual(notSandbox);
    expect(await resetSandbox(context, "Live")).toEqual(notSandbox);
    expect(elsewhere.requests).toEqual([]);
    expect(await sandboxAudit()).toEqual([]);
  });

  it("refuse the /_sim/ controls on a sandbox that is not the simulator, after one detection call each", async () => {
    const context = await contextOn(await stored("Vendor sandbox", "sandbox", elsewhere.url));
    const notSimulator = {
      ok: false,
      code: "not_simulator",
      error: "This registry is not the local simulator: it has no /_sim/ control API.",
    };
    expect(await setSandboxWallet(context, 1)).toEqual(notSimulator);
    expect(await advanceSandboxClock(context, { seconds: 60 })).toEqual(notSimulator);
    expect(await setSandboxChaos(context, { duplicateRate: 0, reorderWindowMs: 0 })).toEqual(notSimulator);
    expect(elsewhere.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /_sim/wallet", "GET /_sim/wallet", "GET /_sim/wallet"]);
    expect(await sandboxAudit()).toEqual([]);
  });
});
