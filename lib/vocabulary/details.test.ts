import { describe, expect, it } from "vitest";
import { detailLines, detailValue, spelledOut } from "./details";
import { credits } from "./units.shared";
import { apiNames, vocabulary } from "./words.shared";

const ordered = {
  connection: "Simulator",
  quotedTotal: 8,
  caps: { maxBudget: 8, profileMaxBudget: null, graphMaxBudget: 1.5 },
  dataPoints: ["company", "ultimateBeneficialOwners"],
  documents: [],
  mode: "verification",
  caseReference: "KYC-7",
  intentId: "5f0c…",
  outcome: "ordered",
  requestId: "req_1",
};

describe("an audit row's details in words", () => {
  it("names each detail and says its value as a person reads it, in the order stored", () => {
    expect(detailLines(ordered).map(({ label, value }) => `${label}: ${value}`)).toEqual([
      "Connection: Simulator",
      `Quoted total: ${credits(8)}`,
      `Spend caps: Spend cap for the whole request: ${credits(8)}; Cap for the profile datapoints: none; Cap for the ownership graph: ${credits(1.5)}`,
      "Datapoints: Company profile, Ultimate beneficial owners",
      "Documents: none",
      "Mode: Verification",
      "Case reference: KYC-7",
      "Order record: 5f0c…",
      "Outcome: Ordered",
      "Request: req_1",
    ]);
  });

  it("shows no API name in words: a name the vocabulary does not know is spelled out, a code said by its label", () => {
    const lines = detailLines({
      ...ordered,
      previousWebhookSecret: true,
      source_key: "x",
      code: "insufficient_credits",
      outcome: "refused",
    });
    const shown = lines.flatMap((line) => [line.label, line.value]).join("\n");
    for (const name of apiNames())
      expect(shown).not.toMatch(new RegExp(`(?<![A-Za-z0-9_.-])${name.replace(/[.]/g, "\\.")}(?![A-Za-z0-9_-])`));
    expect(lines.find((line) => line.key === "previousWebhookSecret")).toMatchObject({ label: "Previous webhook secret", value: "yes" });
    expect(lines.find((line) => line.key === "source_key")?.label).toBe("Source key");
    expect(lines.find((line) => line.key === "outcome")?.value).toBe("Refused by the registry");
  });

  it("says plain values plainly: yes and no, numbers with separators, an unknown value as sent", () => {
    expect(detailValue("stored", false)).toBe("no");
    expect(detailValue("rows", 12345)).toBe("12,345");
    expect(detailValue("fromCredits", 1)).toBe(credits(1));
    expect(detailValue("mode", "brandNewMode")).toBe("brandNewMode");
    expect(detailValue("before", {})).toBe("none");
    expect(spelledOut("")).toBe("");
  });
});

describe("the detail names in the vocabulary", () => {
  it("holds only names that spelling out would not say well (every entry is one more API name the pages must hide)", () => {
    for (const [key, label] of Object.entries(vocabulary.detailKey)) expect(spelledOut(key), key).not.toBe(label);
  });
});
