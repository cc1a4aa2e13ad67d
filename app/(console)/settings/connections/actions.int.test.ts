import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/db/client";
import { auditLog, liveEvents, pendingChanges, registryConnections, users, type User } from "@/db/schema";
import { performConnectionTargetChange } from "@/lib/connections/connection-target-change";
import {
  activeConnection,
  connectionTarget,
  createConnection,
  findConnection,
  listConnections,
} from "@/lib/connections/manage-connections";
import { registryFor } from "@/lib/connections/registry-for";
import { signingSecrets } from "@/lib/connections/signing-secrets";
import { singleAdminWarning } from "@/lib/dual-control/dual-control-note";
import { approveChange } from "@/lib/dual-control/pending-changes";
import { chooseConnection, signIn } from "@/test/session";
import { insertUser } from "@/test/users-fixture";
import { approveChangeAction } from "../approvals/actions";
import { createConnectionAction, deleteConnectionAction, updateConnectionAction } from "./actions";

vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const oldKey = "sk_live_old0123456789abcdOLDK";
const newKey = "sk_live_new0123456789abcdNEWK";
const oldSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const newSecret = "whsec_Xg6Ww8Fs1hRvVz5EwqUa0yW7pTmQn2Lc";
const fields = (extra: Record<string, unknown> = {}) => ({
  name: "Production",
  environment: "production" as const,
  baseUrl: "https://api.example.com",
  apiKey: "",
  webhookSecret: "",
  ...extra,
});
const auditsFor = async (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);

/** An empty console with one admin and its one (default) connection, "Production"; nobody's cookie chooses another. */
async function consoleWithOneConnection() {
  await db().execute(
    sql`truncate ${users}, ${auditLog}, ${pendingChanges}, ${liveEvents}, ${registryConnections}, dual_control_setting cascade`,
  );
  chooseConnection(undefined);
  const first = await insertUser("first@example.com", "admin");
  const created = await createConnection(first, {
    ...fields({ apiKey: oldKey, webhookSecret: oldSecret }),
    clearWebhookSecret: false,
    isDefault: true,
  });
  return { first, id: created.ok ? created.data.id : "" };
}

describe("connection base URL and key changes through dual control", () => {
  let first: User;
  let id = "";

  beforeEach(async () => {
    ({ first, id } = await consoleWithOneConnection());
  });

  it("refuses a compliance user, a finance user and an auditor, changing nothing", async () => {
    for (const role of ["compliance", "finance", "auditor"] as const) {
      signIn(await insertUser(`${role}@example.com`, role));
      expect(await updateConnectionAction({ id, fields: fields({ apiKey: newKey }), reason: "rotate" })).toMatchObject({
        ok: false,
        code: "forbidden",
      });
    }
    expect(await connectionTarget(id)).toEqual({ baseUrl: "https://api.example.com", apiKey: oldKey });
    expect(await db().select().from(pendingChanges)).toEqual([]);
  });

  it("holds a new base URL and key for a second admin, sealed; applies the rest at once; the approval applies exactly them", async () => {
    const second = await insertUser("second@example.com", "admin");
    signIn(first);
    expect(await updateConnectionAction({ id, fields: fields({ apiKey: newKey }) })).toMatchObject({
      ok: false,
      fieldErrors: { reason: [expect.any(String)] },
    });
    const moved = fields({ name: "Production EU", baseUrl: "https://eu.api.example.com/v2", apiKey: newKey, webhookSecret: newSecret });
    const edited = await updateConnectionAction({ id, fields: moved, reason: "Moving to the EU region" });
    expect(edited).toEqual({ ok: true, data: { waiting: ["connection_target"] } });

    // The name applied now; the address, key and secret did not.
    const [row] = await db().select().from(registryConnections).where(eq(registryConnections.id, id));
    expect(row!.name).toBe("Production EU");
    expect(await connectionTarget(id)).toEqual({ baseUrl: "https://api.example.com", apiKey: oldKey });
    // The new key and secret wait sealed: in no table in clear, the details hold only the key's hint.
    const [change] = await db().select().from(pendingChanges);
    const changeId = change!.id;
    expect(change).toMatchObject({
      kind: "connection_target",
      connectionId: id,
      reason: "Moving to the EU region",
      details: {
        connection: "Production EU",
        previousBaseUrl: "https://api.example.com",
        baseUrl: "https://eu.api.example.com",
        apiKey: "sk_live_…NEWK",
        webhookSecret: "entered again",
      },
    });
    expect(change!.sealedSecrets).not.toBeNull();
    const dump = JSON.stringify([
      await db().select().from(pendingChanges),
      await db().select().from(auditLog),
      await db().select().from(liveEvents),
    ]);
    expect(dump).not.toContain(newKey);
    expect(dump).not.toContain(newSecret);

    // The requester cannot approve it; a second admin does, and exactly the asked address, key and secret apply.
    expect(
      await approveChange(first, changeId, (c, note, secrets) => performConnectionTargetChange(first, c, note, secrets)),
    ).toMatchObject({
      ok: false,
      code: "same_admin",
    });
    expect(await signingSecrets(db(), id)).toEqual([oldSecret]); // kept by this process until the change forgets it
    // Approved from the approvals page's action: its dispatch table performs connection changes.
    signIn(second);
    expect(await approveChangeAction({ id: changeId })).toEqual({ ok: true, data: undefined });
    expect(await connectionTarget(id)).toEqual({ baseUrl: "https://eu.api.example.com", apiKey: newKey });
    expect(await signingSecrets(db(), id)).toEqual([newSecret, oldSecret]);
    expect((await auditsFor("connection.updated")).map((r) => [r.actorEmail, r.details])).toEqual([
      ["first@example.com", { changed: ["name"] }],
      [
        "second@example.com",
        {
          changed: ["baseUrl", "apiKey", "webhookSecret"],
          apiKey: "sk_live_…NEWK",
          baseUrl: "https://eu.api.example.com",
          dualControl: "approved",
          changeId,
          requestedBy: "first@example.com",
          approvedBy: "second@example.com",
        },
      ],
    ]);
    const [decided] = await db().select().from(pendingChanges);
    expect(decided).toMatchObject({ state: "approved", sealedSecrets: null });
  });

  it("refuses a new base URL without the key and secret entered again, before anything waits", async () => {
    await insertUser("second@example.com", "admin");
    signIn(first);
    expect(await updateConnectionAction({ id, fields: fields({ baseUrl: "https://eu.api.example.com" }), reason: "move" })).toMatchObject({
      ok: false,
      code: "reentry_required",
    });
    expect(await db().select().from(pendingChanges)).toEqual([]);
  });

  it("with one active admin, applies a new key at once with the warning in its audit row", async () => {
    signIn(first);
    expect(await updateConnectionAction({ id, fields: fields({ apiKey: newKey }), reason: "Key rotated" })).toEqual({
      ok: true,
      data: { waiting: [], warning: singleAdminWarning },
    });
    expect(await connectionTarget(id)).toEqual({ baseUrl: "https://api.example.com", apiKey: newKey });
    expect((await auditsFor("connection.updated")).map((r) => r.details)).toEqual([
      { changed: ["apiKey"], apiKey: "sk_live_…NEWK", dualControl: "single_admin", warning: singleAdminWarning },
    ]);
    expect(await db().select().from(pendingChanges)).toEqual([]);
  });

  it("applies a name change or a signing secret rotation at once, with no pending change", async () => {
    await insertUser("second@example.com", "admin");
    signIn(first);
    expect(await updateConnectionAction({ id, fields: fields({ name: "Renamed", webhookSecret: newSecret }) })).toEqual({
      ok: true,
      data: { waiting: [] },
    });
    expect(await signingSecrets(db(), id)).toEqual([newSecret, oldSecret]);
    expect(await db().select().from(pendingChanges)).toEqual([]);
  });
});

describe("adding, deleting, the environment and the default of a connection through dual control", () => {
  let first: User;
  let second: User;
  let id = "";
  const evilKey = "sk_live_evil0123456789abcdEVIL";
  const evilSecret = "whsec_EvilEvilEvilEvilEvilEvilEvil0";
  const attacker = fields({
    name: "Attacker",
    baseUrl: "https://registry.attacker.example",
    apiKey: evilKey,
    webhookSecret: evilSecret,
    isDefault: true,
  });
  const connectionNames = async () =>
    (await db().select().from(registryConnections).orderBy(registryConnections.name)).map((c) => [c.name, c.environment, c.isDefault]);
  const onlyPendingId = async () => {
    const [change] = await db().select().from(pendingChanges).where(eq(pendingChanges.state, "pending"));
    return change!.id;
  };

  beforeEach(async () => {
    ({ first, id } = await consoleWithOneConnection());
    second = await insertUser("second@example.com", "admin");
  });

  it("one admin adding a default connection creates nothing until a different admin approves; until then it is not usable", async () => {
    signIn(first);
    expect(await createConnectionAction({ fields: attacker })).toMatchObject({ ok: false, fieldErrors: { reason: [expect.any(String)] } });
    expect(await createConnectionAction({ fields: attacker, reason: "Our new vendor account" })).toEqual({
      ok: true,
      data: { state: "pending" },
    });
    const changeId = await onlyPendingId();

    // Not a connection anyone can select, spend on or receive webhooks for: the seam still resolves the default.
    expect(await connectionNames()).toEqual([["Production", "production", true]]);
    expect((await listConnections()).map((c) => c.name)).toEqual(["Production"]);
    chooseConnection(changeId);
    expect((await registryFor()).connection.id).toBe(id);
    expect(await findConnection(changeId)).toBeUndefined();
    expect(await signingSecrets(db(), changeId)).toBeUndefined();
    // Its key and secret wait sealed: in no table in clear.
    const dump = JSON.stringify([
      await db().select().from(pendingChanges),
      await db().select().from(auditLog),
      await db().select().from(liveEvents),
    ]);
    expect(dump).not.toContain(evilKey);
    expect(dump).not.toContain(evilSecret);
    expect((await db().select().from(pendingChanges))[0]).toMatchObject({
      kind: "connection_create",
      connectionId: null,
      target: "Attacker",
      details: {
        connection: "Attacker",
        environment: "production",
        baseUrl: "https://registry.attacker.example",
        apiKey: "sk_live_…EVIL",
        webhookSecret: true,
        isDefault: true,
      },
    });
    // The same name cannot be asked for twice, nor the requester approve.
    expect(await createConnectionAction({ fields: attacker, reason: "again" })).toMatchObject({ ok: false, code: "already_pending" });
    expect(await approveChangeAction({ id: changeId })).toMatchObject({ ok: false, code: "same_admin" });
    expect(await connectionNames()).toEqual([["Production", "production", true]]);

    signIn(second);
    expect(await approveChangeAction({ id: changeId })).toEqual({ ok: true, data: undefined });
    expect(await connectionNames()).toEqual([
      ["Attacker", "production", true],
      ["Production", "production", false],
    ]);
    const [added] = await db().select().from(registryConnections).where(eq(registryConnections.name, "Attacker"));
    expect(await connectionTarget(added!.id)).toEqual({ baseUrl: "https://registry.attacker.example", apiKey: evilKey });
    expect(await signingSecrets(db(), added!.id)).toEqual([evilSecret]);
    expect((await auditsFor("connection.created")).at(-1)).toMatchObject({
      actorEmail: "second@example.com",
      details: { isDefault: true, dualControl: "approved", changeId, requestedBy: "first@example.com", approvedBy: "second@example.com" },
    });
    expect((await db().select().from(pendingChanges))[0]).toMatchObject({ state: "approved", sealedSecrets: null });
  });

  it("refuses a name an existing connection has, before anything waits", async () => {
    signIn(first);
    expect(await createConnectionAction({ fields: { ...attacker, name: "Production" }, reason: "dup" })).toMatchObject({
      ok: false,
      code: "name_taken",
    });
    expect(await db().select().from(pendingChanges)).toEqual([]);
  });

  it("one admin deleting the default connection deletes nothing until a different admin approves; the decided change stays on record", async () => {
    const other = await createConnection(first, {
      ...fields({ name: "Other", apiKey: newKey }),
      clearWebhookSecret: false,
      isDefault: false,
    });
    signIn(first);
    expect(await deleteConnectionAction({ id })).toMatchObject({ ok: false, fieldErrors: { reason: [expect.any(String)] } });
    expect(await deleteConnectionAction({ id, reason: "Moving to the other account" })).toEqual({ ok: true, data: { state: "pending" } });
    const changeId = await onlyPendingId();
    expect(await deleteConnectionAction({ id, reason: "again" })).toMatchObject({ ok: false, code: "already_pending" });
    expect(await approveChangeAction({ id: changeId })).toMatchObject({ ok: false, code: "same_admin" });
    expect(await connectionNames()).toEqual([
      ["Other", "production", false],
      ["Production", "production", true],
    ]);
    expect(await connectionTarget(id)).toEqual({ baseUrl: "https://api.example.com", apiKey: oldKey });

    signIn(second);
    expect(await approveChangeAction({ id: changeId })).toEqual({ ok: true, data: undefined });
    expect(await connectionNames()).toEqual([["Other", "production", true]]);
    expect((await auditsFor("connection.deleted")).map((r) => [r.actorEmail, r.details])).toEqual([
      [
        "second@example.com",
        {
          environment: "production",
          newDefault: "Other",
          dualControl: "approved",
          changeId,
          requestedBy: "first@example.com",
          approvedBy: "second@example.com",
        },
      ],
    ]);
    expect(await db().select().from(pendingChanges)).toMatchObject([{ id: changeId, kind: "connection_delete", state: "approved" }]);
    expect(other.ok).toBe(true);
  });

  it("one admin flipping production to sandbox changes nothing until a different admin approves", async () => {
    signIn(first);
    expect(await updateConnectionAction({ id, fields: fields({ environment: "sandbox" }) })).toMatchObject({
      ok: false,
      fieldErrors: { reason: [expect.any(String)] },
    });
    expect(await updateConnectionAction({ id, fields: fields({ name: "Renamed", environment: "sandbox" }), reason: "Testing" })).toEqual({
      ok: true,
      data: { waiting: ["connection_environment"] },
    });
    const changeId = await onlyPendingId();
    // The name applied; the environment did not, so no sandbox tool or plain-http fetch is unlocked.
    expect(await connectionNames()).toEqual([["Renamed", "production", true]]);
    expect(await approveChangeAction({ id: changeId })).toMatchObject({ ok: false, code: "same_admin" });
    expect(await connectionNames()).toEqual([["Renamed", "production", true]]);

    signIn(second);
    expect(await approveChangeAction({ id: changeId })).toEqual({ ok: true, data: undefined });
    expect(await connectionNames()).toEqual([["Renamed", "sandbox", true]]);
    expect((await auditsFor("connection.updated")).at(-1)).toMatchObject({
      actorEmail: "second@example.com",
      details: { changed: ["environment"], dualControl: "approved", requestedBy: "first@example.com", approvedBy: "second@example.com" },
    });
  });

  it("one admin making another connection the default changes nothing until a different admin approves", async () => {
    const created = await createConnection(first, {
      ...fields({ name: "Attacker", baseUrl: "https://registry.attacker.example", apiKey: evilKey }),
      clearWebhookSecret: false,
      isDefault: false,
    });
    const attackerId = created.ok ? created.data.id : "";
    signIn(first);
    const asDefault = fields({ name: "Attacker", baseUrl: "https://registry.attacker.example", isDefault: true });
    expect(await updateConnectionAction({ id: attackerId, fields: asDefault, reason: "Switching vendor" })).toEqual({
      ok: true,
      data: { waiting: ["connection_default"] },
    });
    const changeId = await onlyPendingId();
    expect((await db().select().from(pendingChanges))[0]!.details).toEqual({ connection: "Attacker", previousDefault: "Production" });
    expect((await activeConnection(undefined))?.id).toBe(id);
    expect((await registryFor()).connection.id).toBe(id);
    expect(await approveChangeAction({ id: changeId })).toMatchObject({ ok: false, code: "same_admin" });

    signIn(second);
    expect(await approveChangeAction({ id: changeId })).toEqual({ ok: true, data: undefined });
    expect((await activeConnection(undefined))?.id).toBe(attackerId);
    expect((await auditsFor("connection.updated")).at(-1)).toMatchObject({
      actorEmail: "second@example.com",
      details: { changed: ["isDefault"], dualControl: "approved", requestedBy: "first@example.com" },
    });
  });

  it("never leaves production on plain http, whichever of a new address and a sandbox label is approved first", async () => {
    signIn(first);
    const toHttp = fields({
      environment: "sandbox",
      baseUrl: "http://registry.attacker.example",
      apiKey: evilKey,
      webhookSecret: evilSecret,
    });
    expect(await updateConnectionAction({ id, fields: toHttp, reason: "Sandbox elsewhere" })).toEqual({
      ok: true,
      data: { waiting: ["connection_environment", "connection_target"] },
    });
    const changes = await db().select().from(pendingChanges);
    const target = changes.find((c) => c.kind === "connection_target")!;
    signIn(second);
    expect(await approveChangeAction({ id: target.id })).toMatchObject({
      ok: false,
      code: "https_required",
      error: "A production connection must use https.",
    });
    expect(await connectionTarget(id)).toEqual({ baseUrl: "https://api.example.com", apiKey: oldKey });
    expect(await connectionNames()).toEqual([["Production", "production", true]]);
  });

  it("with one active admin, adds and deletes at once with the warning in the audit rows", async () => {
    await db().delete(users).where(eq(users.id, second.id));
    signIn(first);
    expect(await createConnectionAction({ fields: attacker, reason: "Alone" })).toEqual({
      ok: true,
      data: { state: "performed", warning: singleAdminWarning },
    });
    expect(await connectionNames()).toEqual([
      ["Attacker", "production", true],
      ["Production", "production", false],
    ]);
    expect(await deleteConnectionAction({ id, reason: "Alone" })).toEqual({
      ok: true,
      data: { state: "performed", warning: singleAdminWarning },
    });
    expect(await connectionNames()).toEqual([["Attacker", "production", true]]);
    expect((await auditsFor("connection.deleted"))[0]!.details).toMatchObject({ dualControl: "single_admin", warning: singleAdminWarning });
    expect(await db().select().from(pendingChanges)).toEqual([]);
  });
});
