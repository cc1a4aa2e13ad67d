import { eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/db/client";
import { signInFailures, signInLocks } from "@/db/schema";
import { auditActionsFor, insertUser } from "@/test/users-fixture";
import { lockout, signInMessages, signInWithPassword } from "./sign-in";

// Counts password checks, to show which attempts were refused before any argon2 work (shared by every copy
// of the module, see appInstances).
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock("./password", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./password")>();
  return {
    ...actual,
    verifyPassword: (...args: Parameters<typeof actual.verifyPassword>) => (checks.count++, actual.verifyPassword(...args)),
  };
});
const passwordChecks = () => checks.count;

/** Fresh copies of the sign-in module, each with its own in-process limits, like app instances on one database. */
async function appInstances(n: number): Promise<(typeof signInWithPassword)[]> {
  const copies = [];
  for (let i = 0; i < n; i++) {
    vi.resetModules();
    copies.push((await import("./sign-in")).signInWithPassword);
  }
  return copies;
}

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
      expect(await signInWithPassword(email, "wrong", { now: minutes(t0, i) })).toEqual({ ok: false, message: signInMessages.wrong });
    }
    const fifth = await signInWithPassword(email, "wrong", { now: minutes(t0, 4) });
    expect(fifth.ok).toBe(false);
    expect(!fifth.ok && fifth.message).toMatch(/locked after 5 failed sign-ins\. Try again after 09:19 UTC/);

    // While locked even the right password is refused, and the refusal is not counted again.
    const whileLocked = await signInWithPassword(email, "locked-password-1", { now: minutes(t0, 18) });
    expect(!whileLocked.ok && whileLocked.message).toMatch(/locked/);

    const afterLock = await signInWithPassword(email, "locked-password-1", { now: minutes(t0, 19.1) });
    expect(afterLock.ok).toBe(true);
    expect(await auditActionsFor(email)).toEqual([...Array(5).fill("auth.sign_in_failed"), "auth.lockout"]);
  });

  it("does not count failures older than 15 minutes", async () => {
    const email = "slow@example.com";
    const t0 = new Date("2026-11-22T11:00:00Z");
    for (let i = 0; i < 4; i++) await signInWithPassword(email, "wrong", { now: minutes(t0, i) });
    // The fifth failure comes 16 minutes after the first: only 4 are inside the window.
    expect(await signInWithPassword(email, "wrong", { now: minutes(t0, 16) })).toEqual({ ok: false, message: signInMessages.wrong });
  });

  it("locks unknown emails just like real ones, so a lockout reveals nothing", async () => {
    const t0 = new Date("2026-11-22T12:00:00Z");
    let last;
    for (let i = 0; i < 5; i++) last = await signInWithPassword("ghost@example.com", "x", { now: minutes(t0, i) });
    expect(last && !last.ok && last.message).toMatch(/locked/);
  });

  it("starts counting afresh after a successful sign-in", async () => {
    const email = "reset@example.com";
    await insertUser(email, "auditor", "reset-password-1");
    const t0 = new Date("2026-11-22T13:00:00Z");
    for (let i = 0; i < 4; i++) await signInWithPassword(email, "wrong", { now: minutes(t0, i) });
    expect((await signInWithPassword(email, "reset-password-1", { now: minutes(t0, 5) })).ok).toBe(true);
    expect(await signInWithPassword(email, "wrong", { now: minutes(t0, 6) })).toEqual({ ok: false, message: signInMessages.wrong });
  });
});

describe("sign-in throttling under concurrency and per client address", () => {
  beforeEach(() => {
    checks.count = 0;
  });

  const isLocked = (r: { ok: boolean; message?: string }) => !r.ok && /locked after 5 failed sign-ins/.test(r.message ?? "");
  const failuresOf = async (email: string) => (await db().select().from(signInFailures).where(eq(signInFailures.email, email))).length;

  it("twenty parallel wrong passwords (from twenty addresses, on ten app instances) get five guesses, then the email is locked, even for the right password", async () => {
    const email = "parallel@example.com";
    await insertUser(email, "admin", "parallel-password-1");
    const instances = await appInstances(10);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => instances[i % instances.length]!(email, `wrong-${i}`, { clientAddress: `198.51.100.${i}` })),
    );

    expect(results.filter((r) => !r.ok && r.message === signInMessages.wrong)).toHaveLength(lockout.attempts - 1);
    expect(results.filter(isLocked)).toHaveLength(20 - (lockout.attempts - 1));
    expect(passwordChecks()).toBe(lockout.attempts);
    expect(await failuresOf(email)).toBe(lockout.attempts);
    expect(await db().select().from(signInLocks).where(eq(signInLocks.email, email))).toHaveLength(1);
    const audited = await auditActionsFor(email);
    expect(audited.filter((a) => a === "auth.sign_in_failed")).toHaveLength(lockout.attempts);
    expect(audited.filter((a) => a === "auth.lockout")).toHaveLength(1);

    expect(isLocked(await signInWithPassword(email, "parallel-password-1", { clientAddress: "192.0.2.50" }))).toBe(true);
    expect(passwordChecks()).toBe(lockout.attempts);
  });

  it("refuses an address after 20 failures before checking any password, so it locks at most four accounts; their owners' other accounts stay open", async () => {
    const attacker = "203.0.113.7";
    const emails = Array.from({ length: 5 }, (_, i) => `admin-${i}@example.com`);
    for (const email of emails) await insertUser(email, "admin", `${email}-password`);

    const answers: string[] = [];
    for (const email of emails) {
      for (let i = 0; i < lockout.attempts; i++) {
        const result = await signInWithPassword(email, `guess-${i}`, { clientAddress: attacker });
        answers.push(result.ok ? "ok" : result.message);
      }
    }
    expect(passwordChecks()).toBe(lockout.perAddress);
    const locks = await db().select().from(signInLocks).where(inArray(signInLocks.email, emails));
    expect(locks.map((l) => l.email).sort()).toEqual(emails.slice(0, 4));
    // The fifth account's attempts were refused for the address, and not counted against the account.
    expect(answers.slice(lockout.perAddress)).toEqual(
      Array(lockout.attempts).fill(
        expect.stringMatching(/^Too many failed sign-ins from your network address\. Try again after \d\d:\d\d UTC/),
      ),
    );
    expect(await failuresOf(emails[4]!)).toBe(0);

    // Even the right password from that address is refused unchecked, while its owner signs in from elsewhere.
    expect((await signInWithPassword(emails[4]!, `${emails[4]}-password`, { clientAddress: attacker })).ok).toBe(false);
    expect(passwordChecks()).toBe(lockout.perAddress);
    expect((await signInWithPassword(emails[4]!, `${emails[4]}-password`, { clientAddress: "192.0.2.10" })).ok).toBe(true);
    expect(await auditActionsFor(attacker)).toEqual(["auth.address_throttled"]);
  });

  it("a right password takes back only its own address's failures: guesses from elsewhere still count", async () => {
    const email = "victim@example.com";
    await insertUser(email, "compliance", "victim-password-1");
    for (let i = 0; i < 3; i++) await signInWithPassword(email, `guess-${i}`, { clientAddress: "203.0.113.80" });
    await signInWithPassword(email, "typo", { clientAddress: "192.0.2.20" });
    expect((await signInWithPassword(email, "victim-password-1", { clientAddress: "192.0.2.20" })).ok).toBe(true);
    expect(await failuresOf(email)).toBe(3);
    expect(await signInWithPassword(email, "guess-3", { clientAddress: "203.0.113.80" })).toEqual({
      ok: false,
      message: signInMessages.wrong,
    });
    expect(isLocked(await signInWithPassword(email, "guess-4", { clientAddress: "203.0.113.80" }))).toBe(true);
  });

  it("refuses a third attempt at once from an address that has two being checked, without checking it", async () => {
    const email = "hasty@example.com";
    await insertUser(email, "auditor", "hasty-password-1");
    const results = await Promise.all([1, 2, 3].map(() => signInWithPassword(email, "hasty-password-1", { clientAddress: "192.0.2.30" })));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.filter((r) => !r.ok && r.message === signInMessages.busy)).toHaveLength(1);
    expect(passwordChecks()).toBe(2);
  });
});
