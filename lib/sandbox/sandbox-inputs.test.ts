import { describe, expect, it } from "vitest";
import {
  advanceInputSchema,
  chaosInputSchema,
  companyInputSchema,
  resetConfirmed,
  sandboxCompanyChange,
  walletInputSchema,
} from "./sandbox-inputs.shared";

const company = (input: Partial<Record<string, unknown>>) =>
  companyInputSchema.safeParse({ mode: "update", countryCode: "FR", id: "ACME1", extraJson: "", ...input });
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

describe("sandbox company change", () => {
  it("moves the address as a whole and names the fields it sets, not their values", () => {
    const parsed = companyInputSchema.parse({
      mode: "update",
      countryCode: "FR",
      id: " ACME1 ",
      addressLine1: "1 Rue Neuve",
      city: "Lyon",
      postalCode: "69001",
      addressCountry: "FR",
      extraJson: '{"company": {"website": "https://acme.example"}, "disappeared": false}',
    });
    expect(parsed.id).toBe("ACME1");
    expect(sandboxCompanyChange(parsed)).toEqual({
      body: {
        company: {
          website: "https://acme.example",
          legalAddress: { addressLine1: "1 Rue Neuve", city: "Lyon", postalCode: "69001", countryCode: "FR" },
        },
        disappeared: false,
      },
      fields: ["company.website", "company.legalAddress", "disappeared"],
    });
  });

  it("sets the status the way the API shapes it, and the form's legal name wins over the JSON's", () => {
    const parsed = companyInputSchema.parse({
      mode: "create",
      countryCode: "DE",
      id: "X",
      legalName: "Neu GmbH",
      status: "CLOSED",
      extraJson: '{"company": {"legalName": "Alt GmbH"}, "sections": {"people": []}}',
    });
    expect(sandboxCompanyChange(parsed)).toEqual({
      body: {
        company: { legalName: "Neu GmbH", status: { active: false, statusDetails: { status: "CLOSED" } } },
        sections: { people: [] },
      },
      fields: ["company.legalName", "company.status", "sections.people"],
    });
  });

  it("refuses bad JSON, unknown keys, a non-object, an unknown country and a missing id, each with a clear message", () => {
    expect(messages(company({ extraJson: "{not json" }))).toEqual(["extraJson: This is not valid JSON."]);
    expect(messages(company({ extraJson: '{"wallet": 5}' }))).toEqual([
      'extraJson: Only "company", "sections" and "disappeared" may be given.',
    ]);
    expect(messages(company({ extraJson: "[1]" }))?.[0]).toMatch(/^extraJson: /);
    expect(messages(company({ extraJson: '{"company": "x"}' }))?.[0]).toMatch(/^extraJson: company: /);
    expect(messages(company({ countryCode: "ZZ", id: " " }))).toEqual([
      "countryCode: Choose a supported country.",
      "id: Give the company id.",
    ]);
  });
});

describe("simulator controls", () => {
  it("bounds the wallet, the clock and chaos as the simulator does", () => {
    expect(walletInputSchema.safeParse({ credits: 12.5 }).success).toBe(true);
    expect(messages(walletInputSchema.safeParse({ credits: -1 }))).toEqual(["credits: The balance cannot be negative."]);
    expect(messages(advanceInputSchema.safeParse({ seconds: 1.5 }))).toEqual(["seconds: Enter whole seconds."]);
    expect(messages(advanceInputSchema.safeParse({ seconds: 31 * 86400 }))).toEqual(["seconds: At most 30 days at once."]);
    expect(messages(chaosInputSchema.safeParse({ duplicateRate: 1.2, reorderWindowMs: -1 }))).toEqual([
      "duplicateRate: At most 1.",
      "reorderWindowMs: At least 0.",
    ]);
  });

  it("confirms a reset only with the connection's exact name", () => {
    expect(resetConfirmed(" Sandbox EU ", "Sandbox EU")).toBe(true);
    expect(resetConfirmed("sandbox eu", "Sandbox EU")).toBe(false);
    expect(resetConfirmed("", "Sandbox EU")).toBe(false);
  });
});
