import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "@/lib/forms/field-errors.shared";
import { storeCredentialsSchema } from "./payload-schema";

const canary = "canary-7f3a9c1e-secret";

describe("storeCredentialsSchema", () => {
  it("accepts text fields and list rows", () => {
    const input = {
      workspace: "team-a",
      sourceKey: "handelsregister",
      payload: { email: "a@b.c", backupAccounts: [{ email: "d@e.f", password: "x" }] },
    };
    expect(storeCredentialsSchema.safeParse(input).success).toBe(true);
  });

  it("refuses a bad payload with messages that never hold a submitted value", () => {
    const bad = [
      { workspace: canary.repeat(5), sourceKey: "infogreffe", payload: { password: canary } },
      { workspace: "w", sourceKey: "infogreffe", payload: { password: canary.repeat(300) } },
      { workspace: "w", sourceKey: "infogreffe", payload: { password: { nested: canary } } },
      { workspace: "w", sourceKey: "infogreffe", payload: { password: 42, rows: [{ password: canary, n: 1 }] } },
      { workspace: "w", sourceKey: "infogreffe", payload: canary },
      { workspace: "w", sourceKey: "infogreffe", payload: { [`${canary}!`]: canary } },
    ];
    for (const input of bad) {
      const parsed = storeCredentialsSchema.safeParse(input);
      expect(parsed.success).toBe(false);
      expect(JSON.stringify(fieldErrorsOf(parsed.error!.issues))).not.toContain("canary");
    }
  });
});
