import { beforeAll, describe, expect, it } from "vitest";
import { auditActionsFor, insertUser } from "@/test/users-fixture";
import { lockout, signInMessages, signInWithPassword } from "./sign-in";

const minutes = (base: Date, n: number) => new Date(base.getTime() + n * 60_000);

describe("sign-in with email and password", () => {
  beforeAll(async () => {
    await insertUser("ada@example.com", "compliance", "ada-password-123");
    await insertUser("gone@example.com", "finance", "gone-password-123", { active: false });
  });

  it("signs in with the right password, ignoring case and spaces in the email", async () => {
    const result = await signInWithPassword("  Ada@Example.com ", "ada-password-123");
    expect(result.ok && result.user.email).toBe("ada@example.com");
  });

  it("gives the same message for a wrong password and an unknown email", async () => {
    const wrongPassword = await signInWithPassword("ada@example.com", "nope");
    const unknownEmail = await signInWithPassword("nobody@example.com", "ada-password-123");
    expect(wrongPassword).toEqual({ ok: false, message: signInMessages.wrong });
    expect(unknownEmail).toEqual({ ok: false, message: signInMessages.wrong });
    expect(await auditActionsFor("nobody@example.com")).toEqual(["auth.sign_in_failed"]);
  });

  it("refuses a deactivated account", async () => {
    expect(await signInWithPassword("gone@example.com", "gone-password-123")).toEqual({ ok: false, message: signInMessages.deactivated });
  });

  it("locks an email for 15 minutes after 5 failures within 15 minutes, then lets the right password in", async () => {
    const email = "locked@example.com";
    await insertUser(email, "auditor", "locked-password-1");
    const t0 = new Date("2026-11-22T09:00:00Z");
    for (let i = 0; i < lockout.attempts - 1; i++) {
      expect(await signInWithPassword(email, "wrong", minutes(t0, i))).toEqual({ ok: false, message: signInMessages.wrong });
    }
    const fifth = await signInWithPassword(email, "wrong", minutes(t0, 4));
    expect(fifth.ok).toBe(false);
    expect(!fifth.ok && fifth.message).toMatch(/locked after 5 failed sign-ins\. Try again after 09:19 UTC/);

    // While locked even the right password is refused, and the refusal is not counted again.
    const whileLocked = await signInWithPassword(email, "locked-password-1", minutes(t0, 18));
    expect(!whileLocked.ok && whileLocked.message).toMatch(/locked/);

    const afterLock = await signInWithPassword(email, "locked-password-1", minutes(t0, 19.1));
    expect(afterLock.ok).toBe(true);
    expect(await auditActionsFor(email)).toEqual([...Array(5).fill("auth.sign_in_failed"), "auth.lockout"]);
  });

  it("does not count failures older than 15 minutes", async () => {
    const email = "slow@example.com";
    const t0 = new Date("2026-11-22T11:00:00Z");
    for (let i = 0; i < 4; i++) await signInWithPassword(email, "wrong", minutes(t0, i));
    // The fifth failure comes 16 minutes after the first: only 4 are inside the window.
    expect(await signInWithPassword(email, "wrong", minutes(t0, 16))).toEqual({ ok: false, message: signInMessages.wrong });
  });

  it("locks unknown emails just like real ones, so a lockout reveals nothing", async () => {
    const t0 = new Date("2026-11-22T12:00:00Z");
    let last;
    for (let i = 0; i < 5; i++) last = await signInWithPassword("ghost@example.com", "x", minutes(t0, i));
    expect(last && !last.ok && last.message).toMatch(/locked/);
  });

  it("starts counting afresh after a successful sign-in", async () => {
    const email = "reset@example.com";
    await insertUser(email, "auditor", "reset-password-1");
    const t0 = new Date("2026-11-22T13:00:00Z");
    for (let i = 0; i < 4; i++) await signInWithPassword(email, "wrong", minutes(t0, i));
    expect((await signInWithPassword(email, "reset-password-1", minutes(t0, 5))).ok).toBe(true);
    expect(await signInWithPassword(email, "wrong", minutes(t0, 6))).toEqual({ ok: false, message: signInMessages.wrong });
  });
});
