import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/db/client";
import { auditLog, liveEvents, pendingChanges, registryConnections, users, type User } from "@/db/schema";
import { performConnectionTargetChange } from "@/lib/connections/connection-target-change";
import { connectionTarget, createConnection } from "@/lib/connections/manage-connections";
import { signingSecrets } from "@/lib/connections/signing-secrets";
import { singleAdminWarning } from "@/lib/dual-control/dual-control-note";
import { approveChange } from "@/lib/dual-control/pending-changes";
import { insertUser } from "@/test/users-fixture";
import { approveChangeAction } from "../approvals/actions";
import { updateConnectionAction } from "./actions";

// The session, as next-auth would give it.
const browser = vi.hoisted(() => ({ session: undefined as { user: { id: string; sessionVersion: number } } | undefined }));
vi.mock("next-auth", () => ({ getServerSession: async () => browser.session }));
vi.mock("next/headers", () => ({ cookies: async () => ({ get: () => undefined }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const signIn = (user: User) => {
  browser.session = { user: { id: user.id, sessionVersion: user.sessionVersion } };
};
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

describe("connection base URL and key changes through dual control", () => {
  let first: User;
  let id = "";

  beforeEach(async () => {
    await db().execute(
      sql`truncate ${users}, ${auditLog}, ${pendingChanges}, ${liveEvents}, ${registryConnections}, dual_control_setting cascade`,
    );
    first = await insertUser("first@example.com", "admin");
    const created = await createConnection(first, {
      ...fields({ apiKey: oldKey, webhookSecret: oldSecret }),
      clearWebhookSecret: false,
      isDefault: true,
    });
    id = created.ok ? created.data.id : "";
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
    expect(edited).toMatchObject({ ok: true, data: { targetChange: "pending" } });
    const changeId = edited.ok && edited.data.targetChange === "pending" ? edited.data.changeId : "";

    // The name applied now; the address, key and secret did not.
    const [row] = await db().select().from(registryConnections).where(eq(registryConnections.id, id));
    expect(row!.name).toBe("Production EU");
    expect(await connectionTarget(id)).toEqual({ baseUrl: "https://api.example.com", apiKey: oldKey });
    // The new key and secret wait sealed: in no table in clear, the details hold only the key's hint.
    const [change] = await db().select().from(pendingChanges);
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
      data: { targetChange: "performed" },
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
      data: { targetChange: "none" },
    });
    expect(await signingSecrets(db(), id)).toEqual([newSecret, oldSecret]);
    expect(await db().select().from(pendingChanges)).toEqual([]);
  });
});
