import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, dualControlSetting, pendingChanges, registryConnections, users, type User } from "@/db/schema";
import { sealSecret } from "@/lib/secret-box";
import { dualControlEnabled } from "@/lib/dual-control/dual-control-mode";
import { listChanges, submitChange } from "@/lib/dual-control/pending-changes";
import { startTestSimulator, testApiKey } from "@/simulator/test-harness";
import { chooseConnection, signIn } from "@/test/session";
import { startSimulatorWithConnection } from "@/test/simulator-connection";
import { insertUser } from "@/test/users-fixture";
import { requestUboAccessAction, requestWorkspaceDeleteAction } from "../../workspaces/actions";
import { approveChangeAction, rejectChangeAction, setDualControlAction } from "./actions";

let sim: Awaited<ReturnType<typeof startSimulatorWithConnection>>["sim"];
let other: Awaited<ReturnType<typeof startTestSimulator>>;
let connectionId = "";
let otherConnectionId = "";
let first: User;
let second: User;

const auditsFor = async (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);
const listedOn = async (simulator: typeof other, name: string) =>
  ((await simulator.call("GET", "/v2/workspaces")).json as { name: string; uboEnabled: boolean }[]).find((w) => w.name === name);
const fresh = () => `dc-${crypto.randomUUID().slice(0, 8)}`;
const pendingId = async () => (await listChanges({ states: ["pending"] }))[0]!.id;

/** A workspace on the change's simulator with UBO access off. */
async function workspaceWithoutUbo() {
  const name = fresh();
  await sim.call("POST", "/v2/workspaces", { name, legalName: "Obliged Entity SA" });
  await sim.call("PATCH", `/v2/workspaces/${name}`, { uboEnabled: false });
  return name;
}

describe("dual-control actions", () => {
  beforeAll(async () => {
    ({ sim, connectionId } = await startSimulatorWithConnection());
    // A second registry, the approver's active connection in one test: an approval must never go through it.
    other = await startTestSimulator();
    const [row] = await db()
      .insert(registryConnections)
      .values({
        name: "Other",
        environment: "sandbox",
        baseUrl: other.baseUrl,
        apiKeySealed: sealSecret(testApiKey),
        apiKeyHint: "sk_dev_…",
      })
      .returning();
    otherConnectionId = row!.id;
  });
  afterAll(async () => {
    await sim.close();
    await other.close();
  });
  beforeEach(async () => {
    await db().execute(sql`truncate ${pendingChanges}, ${auditLog}, ${users}, ${dualControlSetting} cascade`);
    chooseConnection(connectionId);
    first = await insertUser("first@example.com", "admin");
    second = await insertUser("second@example.com", "admin");
  });

  it("turns UBO access on only once a second admin approves, through the change's own connection, with both names", async () => {
    const name = await workspaceWithoutUbo();
    await other.call("POST", "/v2/workspaces", { name, legalName: "Same name elsewhere" });
    await other.call("PATCH", `/v2/workspaces/${name}`, { uboEnabled: false });
    signIn(first);
    expect(await requestUboAccessAction({ name, uboEnabled: true, legalBasis: "AMLD5 art. 2(1)(3): auditor" })).toEqual({
      ok: true,
      data: { state: "pending" },
    });
    expect((await listedOn(sim, name))?.uboEnabled).toBe(false);
    const id = await pendingId();
    expect(await approveChangeAction({ id })).toMatchObject({ ok: false, code: "same_admin" });
    // One change per workspace at a time: a second one waits until the first is decided.
    expect(await requestWorkspaceDeleteAction({ name, confirmName: name, reason: "Closing" })).toMatchObject({
      ok: false,
      code: "already_pending",
      error: expect.stringContaining(`Turn UBO access on for workspace ${name}`),
    });
    expect(await listChanges({ states: ["pending"] })).toHaveLength(1);

    signIn(second);
    chooseConnection(otherConnectionId);
    expect(await approveChangeAction({ id })).toEqual({ ok: true, data: undefined });
    expect((await listedOn(sim, name))?.uboEnabled).toBe(true);
    expect((await listedOn(other, name))?.uboEnabled).toBe(false);
    expect(await auditsFor("workspace.ubo_access_changed")).toEqual([
      expect.objectContaining({
        actorId: second.id,
        target: name,
        details: {
          connectionId,
          name,
          before: false,
          after: true,
          legalBasis: "AMLD5 art. 2(1)(3): auditor",
          reason: "AMLD5 art. 2(1)(3): auditor",
          dualControl: "approved",
          changeId: id,
          requestedBy: "first@example.com",
          approvedBy: "second@example.com",
        },
      }),
    ]);
  });

  it("asks a legal basis to turn UBO access on and a reason to turn it off, and records nothing without them", async () => {
    const name = await workspaceWithoutUbo();
    signIn(first);
    expect(await requestUboAccessAction({ name, uboEnabled: true, legalBasis: "  " })).toMatchObject({
      ok: false,
      code: "invalid_input",
      fieldErrors: { legalBasis: ["Give the legal basis for UBO access."] },
    });
    expect(await requestUboAccessAction({ name, uboEnabled: false, reason: "" })).toMatchObject({
      ok: false,
      fieldErrors: { reason: ["Say why UBO access should be turned off."] },
    });
    expect(await db().select().from(pendingChanges)).toEqual([]);
  });

  it("keeps a request to turn UBO access off with its reason and no legal basis, for the approver to read", async () => {
    const name = await workspaceWithoutUbo();
    signIn(first);
    expect(await requestUboAccessAction({ name, uboEnabled: false, reason: "Obligation ended" })).toEqual({
      ok: true,
      data: { state: "pending" },
    });
    expect(await listChanges({ states: ["pending"] })).toEqual([
      expect.objectContaining({
        kind: "ubo_access",
        connectionId,
        target: name,
        details: { uboEnabled: false },
        reason: "Obligation ended",
      }),
    ]);
  });

  it("lets one admin alone through at once, with the warning in the change's audit row", async () => {
    await db().update(users).set({ active: false }).where(eq(users.id, second.id));
    const name = await workspaceWithoutUbo();
    signIn(first);
    expect(await requestUboAccessAction({ name, uboEnabled: true, legalBasis: "Obliged entity" })).toEqual({
      ok: true,
      data: { state: "performed", warning: expect.stringContaining("only one active admin") },
    });
    expect((await listedOn(sim, name))?.uboEnabled).toBe(true);
    const [row] = await auditsFor("workspace.ubo_access_changed");
    expect(row!.details).toMatchObject({
      before: false,
      after: true,
      dualControl: "single_admin",
      warning: expect.stringContaining("only one"),
    });
    expect(await db().select().from(pendingChanges)).toEqual([]);
  });

  it("deletes a workspace once approved, refuses a mistyped confirmation, and shows the default workspace's 409 in the registry's words", async () => {
    const name = await workspaceWithoutUbo();
    signIn(first);
    expect(await requestWorkspaceDeleteAction({ name, confirmName: `${name}x`, reason: "Branch closed" })).toMatchObject({
      ok: false,
      fieldErrors: { confirmName: ["Type the workspace's name exactly as shown to confirm."] },
    });
    expect(await db().select().from(pendingChanges)).toEqual([]);
    expect(await requestWorkspaceDeleteAction({ name, confirmName: name, reason: "Branch closed" })).toEqual({
      ok: true,
      data: { state: "pending" },
    });
    expect(await listedOn(sim, name)).toBeDefined();
    signIn(second);
    expect(await approveChangeAction({ id: await pendingId() })).toEqual({ ok: true, data: undefined });
    expect(await listedOn(sim, name)).toBeUndefined();
    expect((await auditsFor("workspace.deleted"))[0]!.details).toMatchObject({
      name,
      reason: "Branch closed",
      requestedBy: "first@example.com",
      approvedBy: "second@example.com",
    });

    signIn(first);
    await requestWorkspaceDeleteAction({ name: "default", confirmName: "default", reason: "Tidy up" });
    signIn(second);
    const id = await pendingId();
    expect(await approveChangeAction({ id })).toMatchObject({
      ok: false,
      code: "conflict",
      error: expect.stringContaining("The default workspace cannot be deleted"),
    });
    expect(await listedOn(sim, "default")).toBeDefined();
    expect((await listChanges())[0]).toMatchObject({ id, state: "failed", outcome: { code: "conflict" } });
  });

  it("says so when the registry does not offer deleting workspaces", async () => {
    await db().update(users).set({ active: false }).where(eq(users.id, second.id));
    const name = await workspaceWithoutUbo();
    await sim.call("PUT", "/_sim/vendor-endpoints", { enabled: false });
    try {
      signIn(first);
      expect(await requestWorkspaceDeleteAction({ name, confirmName: name, reason: "Gone" })).toMatchObject({
        ok: false,
        code: "not_offered",
        error: expect.stringContaining("This registry does not offer deleting workspaces"),
      });
    } finally {
      await sim.call("PUT", "/_sim/vendor-endpoints", { enabled: true });
    }
    expect(await listedOn(sim, name)).toBeDefined();
    expect(await auditsFor("workspace.deleted")).toEqual([]);
  });

  it("rejects with a comment and changes nothing", async () => {
    const name = await workspaceWithoutUbo();
    signIn(first);
    await requestUboAccessAction({ name, uboEnabled: true, legalBasis: "Because" });
    const id = await pendingId();
    signIn(second);
    expect(await rejectChangeAction({ id, comment: " " })).toMatchObject({ ok: false, code: "invalid_input" });
    expect(await rejectChangeAction({ id, comment: "No obligation on file" })).toEqual({ ok: true, data: undefined });
    expect((await listedOn(sim, name))?.uboEnabled).toBe(false);
    expect(await approveChangeAction({ id })).toMatchObject({ ok: false, code: "already_decided" });
    expect(await auditsFor("workspace.ubo_access_changed")).toEqual([]);
  });

  it("turns dual control off only once a second admin approves, and back on at once", async () => {
    signIn(first);
    expect(await setDualControlAction({ enabled: false, reason: "" })).toMatchObject({ ok: false, code: "invalid_input" });
    expect(await setDualControlAction({ enabled: false, reason: "Holiday cover" })).toEqual({ ok: true, data: { state: "pending" } });
    expect(await dualControlEnabled()).toBe(true);
    expect(await setDualControlAction({ enabled: false, reason: "Again" })).toMatchObject({ ok: false, code: "already_pending" });
    signIn(second);
    expect(await approveChangeAction({ id: await pendingId() })).toEqual({ ok: true, data: undefined });
    expect(await dualControlEnabled()).toBe(false);
    expect((await auditsFor("dual_control.setting_changed"))[0]!.details).toMatchObject({
      enabled: false,
      requestedBy: "first@example.com",
      approvedBy: "second@example.com",
    });
    expect(await setDualControlAction({ enabled: true })).toEqual({ ok: true, data: { state: "performed" } });
    expect(await dualControlEnabled()).toBe(true);
  });

  it("leaves a vault replacement pending for the Vault page: this page's button cannot approve it", async () => {
    await submitChange(
      first,
      { kind: "vault_replace", connectionId, target: "acme/infogreffe", details: {}, reason: "Rotated" },
      async () => ({ ok: true, data: undefined }),
    );
    signIn(second);
    expect(await approveChangeAction({ id: await pendingId() })).toMatchObject({ ok: false, code: "approved_elsewhere" });
    expect((await listChanges())[0]!.state).toBe("pending");
  });

  it.each(["compliance", "finance", "auditor"] as const)(
    "refuses a %s user's direct posts on every action, and nothing changes",
    async (role) => {
      const name = await workspaceWithoutUbo();
      await submitChange(
        first,
        { kind: "ubo_access", connectionId, target: name, details: { uboEnabled: true }, reason: "x" },
        async () => ({
          ok: true,
          data: undefined,
        }),
      );
      const id = await pendingId();
      signIn(await insertUser(`${role}@example.com`, role));
      const forbidden = { ok: false, code: "forbidden" };
      expect(await requestUboAccessAction({ name, uboEnabled: true, legalBasis: "x" })).toMatchObject(forbidden);
      expect(await requestWorkspaceDeleteAction({ name, confirmName: name, reason: "x" })).toMatchObject(forbidden);
      expect(await approveChangeAction({ id })).toMatchObject(forbidden);
      expect(await rejectChangeAction({ id, comment: "x" })).toMatchObject(forbidden);
      expect(await setDualControlAction({ enabled: false, reason: "x" })).toMatchObject(forbidden);
      expect(await listChanges()).toEqual([expect.objectContaining({ id, state: "pending" })]);
      expect((await listedOn(sim, name))?.uboEnabled).toBe(false);
      expect(await dualControlEnabled()).toBe(true);
    },
  );
});
