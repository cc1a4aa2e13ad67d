import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, calendarFeeds, liveEvents, pendingChanges, users, type User } from "@/db/schema";
import { verifyPassword } from "@/lib/auth/password";
import { calendarFeedOwner, createCalendarFeed, latestCalendarFeed } from "@/lib/calendar/calendar-feeds";
import { dualControlEnabled, dualControlMode } from "@/lib/dual-control/dual-control-mode";
import { performDualControlOff } from "@/lib/dual-control/dual-control-setting";
import { approveByKind } from "@/lib/approvals/performers";
import { submitChange } from "@/lib/dual-control/pending-changes";
import { insertUser } from "@/test/users-fixture";
import { changeOwnPassword } from "./manage-users";
import { requestCreateUser, requestPasswordReset, requestRoleChange, requestSetActive } from "./user-access";

let a: User;
let b: User;
let c: User;

const userById = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const userByEmail = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];
const pendingIds = async (kind: "user_access" | "dual_control_off") =>
  (await db().select().from(pendingChanges).where(eq(pendingChanges.kind, kind))).filter((r) => r.state === "pending").map((r) => r.id);

/** Admin A asks to turn dual control off: the change A wants to push through alone. */
async function aAsksDualControlOff(): Promise<string> {
  const submitted = await submitChange(
    a,
    { kind: "dual_control_off", connectionId: null, target: "dual control", details: { enabled: false }, reason: "A wants it" },
    (note) => performDualControlOff(a, note),
  );
  expect(submitted.ok && submitted.data.state).toBe("pending");
  return (await pendingIds("dual_control_off"))[0]!;
}

describe("admin-affecting user changes and who may approve", () => {
  beforeEach(async () => {
    await db().execute(
      sql`truncate ${pendingChanges}, ${auditLog}, ${liveEvents}, ${calendarFeeds}, ${users}, dual_control_setting cascade`,
    );
    a = await insertUser("a@example.com", "admin");
    b = await insertUser("b@example.com", "admin");
    c = await insertUser("c@example.com", "admin");
  });

  it("replays the reported attack: A resets B's password to approve A's own change; B's approval is refused", async () => {
    const changeId = await aAsksDualControlOff();
    // A's reset of B no longer happens at once, and A never sees a password.
    const reset = await requestPasswordReset(a, b.id, "B forgot it");
    expect(reset).toEqual({ ok: true, data: { state: "pending" } });
    expect(await verifyPassword((await userById(b.id)).passwordHash!, "a-good-long-password")).toBe(true);
    // Even once a third admin approves the reset (and passes the password on), B now holds a password set after A's request.
    const resetId = (await pendingIds("user_access"))[0]!;
    const approvedReset = await approveByKind(c, resetId);
    expect(approvedReset.ok && (approvedReset.data as { handOver: { email: string } }).handOver.email).toBe("b@example.com");
    const refused = await approveByKind(b, changeId);
    expect(refused).toMatchObject({ ok: false, code: "approver_too_new" });
    expect(!refused.ok && refused.error).toMatch(/your password was set at .* after it was asked for/);
    expect(await dualControlEnabled()).toBe(true);
    const [attempt] = await db().select().from(auditLog).where(eq(auditLog.action, "dual_control.approval_refused"));
    expect(attempt).toMatchObject({
      actorEmail: "b@example.com",
      details: { changeId, code: "approver_too_new", requestedBy: "a@example.com" },
    });
    // C, who has held role and password since before, may approve it.
    expect(await approveByKind(c, changeId)).toMatchObject({ ok: true });
    expect(await dualControlEnabled()).toBe(false);
  });

  it("refuses an approver who changed their own password after the request", async () => {
    const changeId = await aAsksDualControlOff();
    expect(await changeOwnPassword(b, "a-good-long-password", "another-long-password-2")).toMatchObject({ ok: true });
    expect(await approveByKind(b, changeId)).toMatchObject({ ok: false, code: "approver_too_new" });
  });

  it("creates an admin only through dual control, with a generated password for the approver, and the new admin cannot approve older changes", async () => {
    const changeId = await aAsksDualControlOff();
    expect(await requestCreateUser(a, { email: "x@example.com", name: "X", role: "admin", password: "known-to-a-password" })).toMatchObject(
      {
        ok: false,
        code: "admin_password_generated",
      },
    );
    expect(await requestCreateUser(a, { email: "x@example.com", name: "X", role: "admin" })).toMatchObject({
      ok: false,
      code: "reason_required",
    });
    expect(await requestCreateUser(a, { email: "x@example.com", name: "X", role: "admin", reason: "new hire" })).toEqual({
      ok: true,
      data: { state: "pending" },
    });
    expect(await userByEmail("x@example.com")).toBeUndefined();
    const createId = (await pendingIds("user_access"))[0]!;
    expect(await approveByKind(a, createId)).toMatchObject({ ok: false, code: "same_admin" });
    const approved = await approveByKind(b, createId);
    const handOver = approved.ok ? (approved.data as { handOver: { email: string; oneTimePassword: string } }).handOver : undefined;
    expect(handOver?.email).toBe("x@example.com");
    const x = (await userByEmail("x@example.com"))!;
    expect(x).toMatchObject({ role: "admin", mustChangePassword: true });
    expect(await verifyPassword(x.passwordHash!, handOver!.oneTimePassword)).toBe(true);
    expect(await approveByKind(x, changeId)).toMatchObject({ ok: false, code: "approver_too_new" });
  });

  it("promotes to admin only once approved, and the promoted admin cannot approve a change asked before", async () => {
    const officer = await insertUser("officer@example.com", "compliance");
    const changeId = await aAsksDualControlOff();
    expect(await requestRoleChange(a, officer.id, "admin", "covering")).toEqual({ ok: true, data: { state: "pending" } });
    expect((await userById(officer.id)).role).toBe("compliance");
    await approveByKind(b, (await pendingIds("user_access"))[0]!);
    expect((await userById(officer.id)).role).toBe("admin");
    expect(await approveByKind({ ...officer, role: "admin" }, changeId)).toMatchObject({
      ok: false,
      code: "approver_too_new",
      error: expect.stringMatching(/admin role or account status changed/),
    });
  });

  it("demotes and deactivates an admin only once approved; a reactivated admin cannot approve older changes", async () => {
    expect(await requestRoleChange(a, b.id, "auditor", "moved team")).toEqual({ ok: true, data: { state: "pending" } });
    expect(await requestSetActive(a, c.id, false, "left")).toEqual({ ok: true, data: { state: "pending" } });
    expect((await userById(b.id)).role).toBe("admin");
    expect((await userById(c.id)).active).toBe(true);
    const [demote, deactivate] = (await db().select().from(pendingChanges).orderBy(pendingChanges.requestedAt)).map((r) => r.id);
    await approveByKind(c, demote!);
    expect((await userById(b.id)).role).toBe("auditor");
    // Reject the deactivation, then ask to deactivate and reactivate C around a change A asks for meanwhile.
    await db().update(pendingChanges).set({ state: "rejected" }).where(eq(pendingChanges.id, deactivate!));
    const other = await insertUser("other@example.com", "admin", undefined, { roleChangedAt: new Date(0), passwordChangedAt: new Date(0) });
    await requestSetActive(a, c.id, false, "left");
    await approveByKind(other, (await pendingIds("user_access"))[0]!);
    expect((await userById(c.id)).active).toBe(false);
    const changeId = await aAsksDualControlOff();
    await requestSetActive(a, c.id, true, "back");
    await approveByKind(other, (await pendingIds("user_access"))[0]!);
    expect((await userById(c.id)).active).toBe(true);
    expect(await approveByKind(c, changeId)).toMatchObject({ ok: false, code: "approver_too_new" });
  });

  it("leaves single-admin mode off while any change waits, and dropping to one admin is itself approved", async () => {
    await db().update(users).set({ active: false }).where(eq(users.id, c.id));
    // Two admins: demoting B waits; it does not fall back to one admin's say.
    expect(await requestRoleChange(a, b.id, "finance", "moved team")).toEqual({ ok: true, data: { state: "pending" } });
    expect(await dualControlMode()).toBe("applies");
    // B is made non-admin behind the console's back (say, by an earlier change): one admin, but a change waits.
    await db().update(users).set({ role: "finance" }).where(eq(users.id, b.id));
    expect(await dualControlMode()).toBe("applies");
    const off = await submitChange(
      a,
      { kind: "dual_control_off", connectionId: null, target: "dual control", details: { enabled: false }, reason: "alone" },
      (note) => performDualControlOff(a, note),
    );
    expect(off.ok && off.data.state).toBe("pending");
    expect(await dualControlEnabled()).toBe(true);
    // Once nothing waits, one admin alone is the single-admin mode again.
    await db().update(pendingChanges).set({ state: "rejected" });
    expect(await dualControlMode()).toBe("single_admin");
  });

  it("names requester and approver in the approval's audit row, with when each last changed role and password", async () => {
    const changeId = await aAsksDualControlOff();
    await approveByKind(c, changeId);
    const [row] = await db().select().from(auditLog).where(eq(auditLog.action, "dual_control.approved"));
    expect(row!.details).toMatchObject({
      requestedBy: "a@example.com",
      approvedBy: "c@example.com",
      requesterLastChanged: { role: a.roleChangedAt.toISOString(), password: a.passwordChangedAt.toISOString() },
      approverLastChanged: { role: c.roleChangedAt.toISOString(), password: c.passwordChangedAt.toISOString() },
    });
  });

  it("changes a non-admin at once, with the one-time password for the admin who reset it", async () => {
    const officer = await insertUser("officer@example.com", "compliance");
    const reset = await requestPasswordReset(a, officer.id);
    expect(reset.ok && reset.data.state === "performed" && reset.data.handOver?.email).toBe("officer@example.com");
    expect(await requestRoleChange(a, officer.id, "finance")).toEqual({ ok: true, data: { state: "performed" } });
    expect((await userById(officer.id)).role).toBe("finance");
    expect(await pendingIds("user_access")).toEqual([]);
  });
});

describe("calendar feeds end with account recovery", () => {
  beforeEach(async () => {
    await db().execute(
      sql`truncate ${pendingChanges}, ${auditLog}, ${liveEvents}, ${calendarFeeds}, ${users}, dual_control_setting cascade`,
    );
    a = await insertUser("a@example.com", "admin");
  });

  it.each([
    ["an admin's reset", (u: User) => requestPasswordReset(a, u.id), "password reset by an admin"],
    ["their own password change", (u: User) => changeOwnPassword(u, "a-good-long-password", "a-new-long-password-9"), "password changed"],
    ["deactivation", (u: User) => requestSetActive(a, u.id, false), "account deactivated"],
    ["a role change", (u: User) => requestRoleChange(a, u.id, "finance"), "role changed"],
  ])("revokes the feed on %s, saying why", async (_what, change, reason) => {
    const officer = await insertUser(`officer-${crypto.randomUUID()}@example.com`, "compliance");
    const { token } = await createCalendarFeed(officer);
    expect(await calendarFeedOwner(token)).toMatchObject({ id: officer.id });
    expect(await change(officer)).toMatchObject({ ok: true });
    // Even once the account is as it was (reactivated, role back), the old URL stays dead.
    await db().update(users).set({ active: true, role: "compliance" }).where(eq(users.id, officer.id));
    expect(await calendarFeedOwner(token)).toBeUndefined();
    expect(await latestCalendarFeed(officer.id)).toMatchObject({ revokedReason: reason, revokedAt: expect.any(Date) });
    const [audited] = await db().select().from(auditLog).where(eq(auditLog.action, "calendar.feed_revoked"));
    expect(audited!.details).toEqual({ reason });
  });
});
