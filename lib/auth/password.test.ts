import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, verifyPassword } from "./password";

describe("passwords", () => {
  it("hashes with argon2id and verifies only the right password", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, "correct horse battery")).toBe(true);
    expect(await verifyPassword(stored, "correct horse batterY")).toBe(false);
  });

  it("treats a malformed stored hash as a mismatch rather than crashing", async () => {
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
  });

  it("generates distinct readable one-time passwords", () => {
    const a = generatePassword();
    expect(a).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{5}(-[a-km-zA-HJ-NP-Z2-9]{5}){3}$/);
    expect(new Set(Array.from({ length: 200 }, generatePassword)).size).toBe(200);
  });
});
