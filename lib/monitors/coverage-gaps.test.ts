import { describe, expect, it } from "vitest";
import { missingSource } from "./coverage-gaps";

const keys = ["infogreffe", "handelsregister", "companies_house", "kvk-api"];

describe("the vault source a blocked datapoint waits for", () => {
  it("is the source key the notice's message names", () => {
    expect(missingSource("Add infogreffe credentials to the vault to monitor shareholders.", keys)).toBe("infogreffe");
    expect(missingSource("Handelsregister account required", keys)).toBe("handelsregister");
    expect(missingSource("Needs companies_house (API key).", keys)).toBe("companies_house");
    expect(missingSource("Needs kvk-api credentials", keys)).toBe("kvk-api");
  });

  it("is unknown when no key is named as a whole word, when two are, or without a message", () => {
    expect(missingSource("Add credentials to the vault.", keys)).toBeUndefined();
    expect(missingSource("Add infogreffes credentials.", keys)).toBeUndefined();
    expect(missingSource("Add infogreffe or handelsregister credentials.", keys)).toBeUndefined();
    expect(missingSource(undefined, keys)).toBeUndefined();
    expect(missingSource("Add infogreffe credentials.", [])).toBeUndefined();
  });
});
