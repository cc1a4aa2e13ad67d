import { describe, expect, it } from "vitest";
import {
  alertEventKinds,
  alertOutcomes,
  alertStates,
  deliveryOutcomes,
  pendingChangeKinds,
  pendingChangeStates,
  requestPurposes,
} from "@/db/vocabulary";
import { auditActions } from "@/lib/audit/audit";
import { errorCodes, graphStoppedReasons } from "@/lib/registry/schemas.shared";
import {
  apiNames,
  errorText,
  label,
  looksLikeApiName,
  markedLabel,
  optionsOf,
  sentence,
  vocabulary,
  words,
  type Kind,
} from "./words.shared";

describe("words", () => {
  it("names a known value with its label and explanation", () => {
    expect(words("datapoint", "ultimateBeneficialOwners")).toEqual({
      value: "ultimateBeneficialOwners",
      label: "Ultimate beneficial owners",
      explanation: undefined,
      known: true,
    });
    expect(words("vaultOrigin", "customer_provided")).toMatchObject({ label: "Provided by you", known: true });
    expect(sentence("cap", "maxBudget")).toBe("Spend cap for the whole request. The registry stops before spending more than this.");
  });

  it("keeps an unknown value as sent, marked unknown", () => {
    expect(words("datapoint", "someNewDatapoint")).toEqual({ value: "someNewDatapoint", label: "someNewDatapoint", known: false });
    expect(label("auditAction", "thing.happened")).toBe("thing.happened");
    expect(markedLabel("auditAction", "thing.happened")).toBe("thing.happened (not known to this console)");
    expect(markedLabel("auditAction", "dual_control.approved")).toBe("Change approved by a second admin");
  });

  it("names a company's identifiers and the fields of its data in words", () => {
    expect(label("identifierKind", "hrb")).toBe("Commercial register number (HRB)");
    expect(label("identifierKind", "Codice Fiscale")).toBe("Tax code (Codice Fiscale)");
    expect(label("snapshotField", "legalAddress")).toBe("Legal address");
    expect(label("snapshotField", "addressLine1")).toBe("Address line 1");
    expect(apiNames()).toEqual(expect.arrayContaining(["legalAddress", "addressLine1", "companyNumber", "sharePercentage"]));
  });

  it("does not read inherited properties as known values", () => {
    expect(words("role", "constructor").known).toBe(false);
    expect(words("role", "toString").label).toBe("toString");
  });

  it("offers every value of a kind in words for a filter", () => {
    const options = optionsOf("auditAction");
    expect(options.map((o) => o.value)).toEqual(Object.keys(vocabulary.auditAction));
    expect(options.filter((o) => o.label === o.value || looksLikeApiName(o.label.replace(/-/g, " ")))).toEqual([]);
  });

  it.each<[Kind, readonly string[]]>([
    ["auditAction", auditActions],
    ["errorCode", errorCodes],
    ["alertState", alertStates],
    ["alertOutcome", alertOutcomes],
    ["alertEventKind", alertEventKinds],
    ["pendingChangeKind", pendingChangeKinds],
    ["pendingChangeState", pendingChangeStates],
    ["deliveryOutcome", deliveryOutcomes],
    ["requestPurpose", requestPurposes],
    ["graphStoppedReason", graphStoppedReasons],
  ])("has words for every %s the code can produce", (kind, values) => {
    expect(values.filter((v) => !words(kind, v).known)).toEqual([]);
  });

  it("never uses an API name as a label or explanation", () => {
    const names = new Set(apiNames());
    for (const [kind, table] of Object.entries(vocabulary)) {
      for (const value of Object.keys(table)) {
        const { label: text, explanation } = words(kind as Kind, value);
        for (const word of `${text} ${explanation ?? ""}`.split(/[\s,.:;()]+/))
          expect(names.has(word), `${kind}.${value}: ${word}`).toBe(false);
      }
    }
  });
});

describe("apiNames", () => {
  it("holds the camelCase, snake_case, dotted and kebab-case keys", () => {
    const names = apiNames();
    for (const key of [
      "maxBudget",
      "customer_provided",
      "backupAccounts",
      "dual_control.approved",
      "company.updated",
      "ownership-of-shares",
      "in_progress",
      "UNDER_INSOLVENCY_PROCEEDING",
    ])
      expect(names).toContain(key);
  });

  it("leaves out plain words that are also keys", () => {
    const names = apiNames();
    for (const word of ["email", "password", "status", "graph", "company", "new", "failed", "ACTIVE", "other"])
      expect(names).not.toContain(word);
  });
});

describe("errorText", () => {
  it("puts a known code in words and keeps the server's own message, never the code", () => {
    expect(errorText("upstream_unavailable", "Try again shortly.")).toBe("The registry is unavailable. Try again shortly.");
    expect(errorText("upstream_unavailable", "")).toBe("The registry is unavailable");
    expect(errorText("some_new_code", "Something new went wrong.")).toBe("Something new went wrong.");
    expect(errorText("upstream_unavailable", "Try again shortly.")).not.toContain("upstream_unavailable");
  });
});
