import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/db/client";
import { auditLog, liveEvents, pendingChanges, users } from "@/db/schema";
import { singleAdminWarning } from "@/lib/dual-control/dual-control-note";
import { chooseConnection, signIn } from "@/test/session";
import { startSimulatorWithConnection } from "@/test/simulator-connection";
import { insertUser } from "@/test/users-fixture";
import { approveReplacementAction, requestReplacementAction, storeCredentialsAction } from "./actions";

// The paths the actions ask Next.js to read again (the vault page's data, sent back with the answer).
const revalidated = vi.hoisted(() => [] as string[]);
vi.mock("next/cache", () => ({ revalidatePath: (path: string) => revalidated.push(path) }));

let sim: Awaited<ReturnType<typeof startSimulatorWithConnection>>["sim"];
let connectionId = "";

type Role = "admin" | "compliance" | "finance" | "auditor";
const addUser = (role: Role) => insertUser(`${role}-${crypto.randomUUID()}@example.com`, role);
const versions = async (workspace: string) =>
  ((await sim.call("GET", `/v2/workspaces/${workspace}/vault`)).json as { sourceKey: string; version: number }[]).map(
    (e) => `${e.sourceKey}@${e.version}`,
  );
/** Every row the database holds that a payload could have reached. */
const dump = async () =>
  JSON.stringify([await db().select().from(pendingChanges), await db().select().from(auditLog), await db().select().from(liveEvents)]);
const auditsFor = async (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);

describe("vault replacement actions", () => {
  let workspace = "";
  const canary = `canary-${crypto.randomUUID()}`;
  const payload = { email: "ops@example.com", password: canary };

  beforeAll(async () => {
    ({ sim, connectionId } = await startSimulatorWithConnection());
    chooseConnection(connectionId);
  });
  afterAll(async () => {
    await sim.close();
  });
  beforeEach(async () => {
    await db().execute(sql`truncate ${users}, ${auditLog}, ${pendingChanges}, ${liveEvents}, dual_control_setting cascade`);
    revalidated.length = 0;
    // Each test starts on a fresh workspace holding version 1 of infogreffe.
    workspace = `ws-${crypto.randomUUID().slice(0, 8)}`;
    await sim.call("POST", "/v2/workspaces", { name: workspace, legalName: "Branch" });
    await sim.call("PUT", `/v2/workspaces/${workspace}/vault/infogreffe`, { payload: { email: "old@example.com", password: "old" } });
  });

  it("refuses a compliance user, a finance user and an auditor on every vault action, changing nothing", async () => {
    for (const role of ["compliance", "finance", "auditor"] as const) {
      signIn(await addUser(role));
      const target = { workspace, sourceKey: "infogreffe" };
      const results = [
        await storeCredentialsAction({ ...target, sourceKey: "handelsregister", payload }),
        await requestReplacementAction({ ...target, reason: "rotate", payload }),
        await approveReplacementAction({ ...target, changeId: crypto.randomUUID(), payload }),
      ];
      expect(results.map((r) => !r.ok && r.code)).toEqual(["forbidden", "forbidden", "forbidden"]);
    }
    expect(revalidated).toEqual([]);
    expect(await versions(workspace)).toEqual(["infogreffe@1"]);
    expect(await db().select().from(pendingChanges)).toEqual([]);
  });

  it("keeps a replacement pending with the intent only; the requester cannot approve it; a second admin's payload replaces it", async () => {
    const first = await addUser("admin");
    const second = await addUser("admin");
    signIn(first);
    const asked = await requestReplacementAction({ workspace, sourceKey: "infogreffe", reason: "Password rotated at the register" });
    expect(asked).toMatchObject({ ok: true, data: { state: "pending" } });
    const changeId = asked.ok && asked.data.state === "pending" ? asked.data.changeId : "";
    const [row] = await db().select().from(pendingChanges);
    expect(row).toMatchObject({
      kind: "vault_replace",
      target: `${workspace}/infogreffe`,
      connectionId,
      details: { workspace, sourceKey: "infogreffe", currentVersion: 1 },
      sealedSecrets: null,
    });

    // The requester, even with the payload in hand, cannot approve their own change.
    expect(await approveReplacementAction({ changeId, workspace, sourceKey: "infogreffe", payload })).toMatchObject({
      ok: false,
      code: "same_admin",
    });
    signIn(second);
    // The id must name this very source and workspace.
    expect(await approveReplacementAction({ changeId, workspace, sourceKey: "handelsregister", payload })).toMatchObject({
      ok: false,
      code: "not_found",
    });
    expect(await approveReplacementAction({ changeId, workspace: "default", sourceKey: "infogreffe", payload })).toMatchObject({
      ok: false,
      code: "not_found",
    });
    // An incomplete payload is refused before the change is claimed: it stays pending.
    const incomplete = await approveReplacementAction({ changeId, workspace, sourceKey: "infogreffe", payload: { email: canary } });
    expect(incomplete).toMatchObject({
      ok: false,
      code: "invalid_input",
      fieldErrors: { payload: ["email must be an email address", "password is required"] },
    });
    expect(JSON.stringify(incomplete)).not.toContain(canary);
    expect((await db().select().from(pendingChanges))[0]!.state).toBe("pending");
    expect(await versions(workspace)).toEqual(["infogreffe@1"]);

    const approved = await approveReplacementAction({ changeId, workspace, sourceKey: "infogreffe", payload });
    expect(approved).toEqual({
      ok: true,
      data: { workspace, sourceKey: "infogreffe", version: 2, previousVersion: 1, raced: false },
    });
    expect(await versions(workspace)).toEqual(["infogreffe@2"]);
    expect((await auditsFor("vault.credentials_replaced")).map((r) => [r.actorEmail, r.target, r.details])).toEqual([
      [
        second.email,
        `${workspace}/infogreffe`,
        {
          workspace,
          sourceKey: "infogreffe",
          previousVersion: 1,
          version: 2,
          dualControl: "approved",
          changeId,
          requestedBy: first.email,
          approvedBy: second.email,
        },
      ],
    ]);
    // Used once: it cannot replace them again.
    expect(await approveReplacementAction({ changeId, workspace, sourceKey: "infogreffe", payload })).toMatchObject({
      ok: false,
      code: "already_decided",
    });
    expect(await versions(workspace)).toEqual(["infogreffe@2"]);
    expect(await dump()).not.toContain(canary);
  });

  it("with one active admin, replaces at once with the payload sent along, the warning in the audit row", async () => {
    const only = await addUser("admin");
    signIn(only);
    expect(await requestReplacementAction({ workspace, sourceKey: "infogreffe", reason: "rotate" })).toMatchObject({
      ok: false,
      code: "credentials_required",
    });
    expect(await versions(workspace)).toEqual(["infogreffe@1"]);

    const replaced = await requestReplacementAction({ workspace, sourceKey: "infogreffe", reason: "rotate", payload });
    expect(replaced).toEqual({
      ok: true,
      data: {
        state: "replaced",
        stored: { workspace, sourceKey: "infogreffe", version: 2, previousVersion: 1, raced: false },
        warning: singleAdminWarning,
      },
    });
    expect(await db().select().from(pendingChanges)).toEqual([]);
    expect((await auditsFor("vault.credentials_replaced"))[0]!.details).toEqual({
      workspace,
      sourceKey: "infogreffe",
      previousVersion: 1,
      version: 2,
      dualControl: "single_admin",
      warning: singleAdminWarning,
    });
    expect(await dump()).not.toContain(canary);
  });

  it("has the vault page read again after a store, a request and an approval, and not after a refusal", async () => {
    const first = await addUser("admin");
    const second = await addUser("admin");
    signIn(first);
    expect(await storeCredentialsAction({ workspace, sourceKey: "infogreffe", payload })).toMatchObject({ ok: false });
    expect(revalidated).toEqual([]);
    expect(
      await storeCredentialsAction({ workspace, sourceKey: "handelsregister", payload: { email: "ops@example.com", password: "x" } }),
    ).toMatchObject({ ok: true, data: { version: 1 } });
    expect(revalidated).toEqual(["/vault"]);
    const asked = await requestReplacementAction({ workspace, sourceKey: "infogreffe", reason: "rotate" });
    const changeId = asked.ok && asked.data.state === "pending" ? asked.data.changeId : "";
    expect(revalidated).toEqual(["/vault", "/vault"]);
    signIn(second);
    expect(await approveReplacementAction({ changeId, workspace, sourceKey: "infogreffe", payload })).toMatchObject({ ok: true });
    expect(revalidated).toEqual(["/vault", "/vault", "/vault"]);
  });

  it("asks for a replacement only of credentials the workspace holds itself", async () => {
    signIn(await addUser("admin"));
    await addUser("admin");
    expect(await requestReplacementAction({ workspace, sourceKey: "handelsregister", reason: "rotate" })).toMatchObject({
      ok: false,
      code: "not_held",
    });
    expect(await db().select().from(pendingChanges)).toEqual([]);
  });
});
