import { describe, expect, it } from "vitest";
import type { VaultField } from "@/lib/registry/schemas.shared";
import { payloadProblems } from "./payload-problems";

const fields: VaultField[] = [
  { name: "email", type: "email", required: true, secret: false },
  { name: "password", type: "password", required: true, secret: true },
  { name: "note", type: "text", required: false, secret: false },
  {
    name: "backupAccounts",
    type: "list",
    required: false,
    secret: false,
    item: { fields: [{ name: "email", type: "email", required: true, secret: false }] },
  },
];

describe("payloadProblems", () => {
  it("accepts a complete payload", () => {
    expect(payloadProblems(fields, { email: "ops@example.com", password: "pw", backupAccounts: [{ email: "b@example.com" }] })).toEqual([]);
  });

  it("names missing required fields, wrong emails and list rows without ever quoting a value", () => {
    const secret = "not-an-email-secret";
    const problems = payloadProblems(fields, { email: secret, backupAccounts: [{ email: "" }] });
    expect(problems).toEqual(["email must be an email address", "password is required", "backupAccounts[0].email is required"]);
    expect(problems.join(" ")).not.toContain(secret);
  });
});
