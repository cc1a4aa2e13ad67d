import { describe, expect, it } from "vitest";
import { fieldControlName, payloadFromForm } from "./payload-from-form.shared";

const fields = [
  { name: "email", type: "email", required: true, secret: false },
  { name: "password", type: "password", required: true, secret: true },
  {
    name: "backupAccounts",
    type: "list",
    required: false,
    secret: false,
    item: {
      fields: [
        { name: "email", type: "email", required: true, secret: false },
        { name: "password", type: "password", required: true, secret: true },
      ],
    },
  },
];

describe("payloadFromForm", () => {
  it("reads text fields and list rows, leaving out empty fields and empty rows", () => {
    const form = new FormData();
    form.set(fieldControlName("email"), "a@b.c");
    form.set(fieldControlName("password"), "");
    form.set(fieldControlName("email", { list: "backupAccounts", index: 0 }), "");
    form.set(fieldControlName("email", { list: "backupAccounts", index: 3 }), "d@e.f");
    form.set(fieldControlName("password", { list: "backupAccounts", index: 3 }), "pw");
    expect(payloadFromForm(fields, form, { backupAccounts: [0, 3] })).toEqual({
      email: "a@b.c",
      backupAccounts: [{ email: "d@e.f", password: "pw" }],
    });
  });
});
