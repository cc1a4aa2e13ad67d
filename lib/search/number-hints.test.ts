import { describe, expect, it } from "vitest";
import { registryCountries } from "@/lib/registry/countries.shared";
import { identifierFormats } from "@/simulator/data/identifiers";
import { resolveReference } from "@/simulator/data/references";
import { numberHint, numberHints } from "./number-hints.shared";

describe("number hints", () => {
  it("has a hint for every registry country whose example the registry accepts as that country's number", () => {
    for (const country of registryCountries) {
      const { example, format } = numberHints[country];
      expect(format.length, country).toBeGreaterThan(5);
      expect(identifierFormats[country].normalize(example), `${country} ${example}`).not.toBeNull();
    }
  });

  it("names the German court-reference shape, and a German example resolves to a company", () => {
    expect(numberHint("DE")).toMatch(/court.*HRB/);
    expect(numberHint("DE")).toContain("Berlin (Charlottenburg) HRB 12345");
    expect(resolveReference("DE", numberHints.DE.example).length).toBeGreaterThan(0);
  });

  it("reads as one sentence with the example", () => {
    expect(numberHint("FR")).toBe(
      "A company name, or its number. SIREN: 9 digits (a SIRET or an FR VAT number is reduced to it). Example: 443061841",
    );
  });
});
