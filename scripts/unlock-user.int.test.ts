import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lockout, signInWithPassword } from "@/lib/auth/sign-in";
import { auditActionsFor, insertUser } from "@/test/users-fixture";
import { serverNodeFlags } from "./launcher-process";

const root = path.resolve(import.meta.dirname, "..");

/** Runs `npm run unlock -- …` (scripts/unlock-user.ts) on the test database, as an operator would with DATABASE_URL. */
function unlock(...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...serverNodeFlags, path.join(root, "scripts", "unlock-user.ts"), ...args], {
      cwd: root,
      env: { ...process.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("npm run unlock", () => {
  it("lets a locked-out admin sign in again at once, and audits it", async () => {
    const email = "locked.admin@example.com";
    await insertUser(email, "admin", "admin-password-123");
    for (let i = 0; i < lockout.attempts; i++) await signInWithPassword(email, `guess-${i}`, { clientAddress: "203.0.113.66" });
    expect(await signInWithPassword(email, "admin-password-123")).toMatchObject({ ok: false, message: expect.stringMatching(/locked/) });

    const { code, output } = await unlock("Locked.Admin@example.com");
    expect(code).toBe(0);
    expect(output).toMatch(
      /^Unlocked locked\.admin@example\.com: its lock \(until \d\d:\d\d UTC\) ended, 5 failed sign-in\(s\) forgotten\./,
    );
    expect((await signInWithPassword(email, "admin-password-123")).ok).toBe(true);
    expect((await auditActionsFor(email)).at(-1)).toBe("auth.unlocked");
  }, 60_000);

  it("lets an address over its limit try again, and explains its usage", async () => {
    const address = "203.0.113.99";
    for (let i = 0; i < lockout.perAddress; i++) await signInWithPassword(`nobody-${i}@example.com`, "guess", { clientAddress: address });
    expect((await signInWithPassword("nobody-x@example.com", "guess", { clientAddress: address })).ok).toBe(false);
    const refusedBefore = await signInWithPassword("someone@example.com", "guess", { clientAddress: address });
    expect(!refusedBefore.ok && refusedBefore.message).toMatch(/from your network address/);

    const { code, output } = await unlock("--address", address);
    expect(code).toBe(0);
    expect(output).toContain(`Unlocked ${address}: ${lockout.perAddress} failed sign-in(s) forgotten.`);
    const after = await signInWithPassword("someone@example.com", "guess", { clientAddress: address });
    expect(!after.ok && after.message).toBe("Wrong email or password.");

    const wrong = await unlock("not-an-email");
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain("Usage: npm run unlock -- <email>");
  }, 60_000);
});
