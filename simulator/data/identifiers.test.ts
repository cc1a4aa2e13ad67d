import { describe, expect, it } from "vitest";
import { registryCountries } from "../../lib/registry/countries.shared";
import { mauritiusIdPattern } from "../../lib/registry/schemas.shared";
import { isLuhnValid } from "./check-digits";
import { canonicalGermanReference, parseGermanReference } from "./german-register";
import { canonicalId, codiceFiscaleFromRea, identifierFormats, italianRea, mauritiusBrn, mauritiusFileNumberFromBrn } from "./identifiers";
import { createRng } from "./random";

describe("identifier formats", () => {
  it("generates canonical ids in every country (normalize is the identity on them)", () => {
    for (const country of registryCountries) {
      const rng = createRng("ids", country);
      for (let i = 0; i < 30; i++) {
        const id = identifierFormats[country].generate(rng);
        expect(identifierFormats[country].normalize(id), `${country} ${id}`).toBe(id);
      }
    }
  });

  it("FR: SIREN is 9 digits with a Luhn check; SIRET and VAT reduce to it", () => {
    const rng = createRng("fr");
    for (let i = 0; i < 100; i++) {
      const siren = identifierFormats.FR.generate(rng);
      expect(siren).toMatch(/^\d{9}$/);
      expect(isLuhnValid(siren)).toBe(true);
    }
    expect(identifierFormats.FR.normalize("443 061 841")).toBe("443061841");
    expect(identifierFormats.FR.normalize("443061842")).toBeNull();
    expect(identifierFormats.FR.normalize("44306184100047")).toBe("443061841");
    expect(identifierFormats.FR.normalize("FR27443061841")).toBe("443061841");
  });

  it("DE: accepts court codes, partial numbers and either order, canonical '<court> <register> <number>'", () => {
    const canonical = "Berlin (Charlottenburg) HRB 12345";
    for (const form of [
      "HRB 12345 B",
      "B HRB 12345",
      "12345 HRB Berlin",
      "Charlottenburg HRB 12345",
      "Amtsgericht Charlottenburg HRB 12345",
      canonical,
      "HRB12345 Berlin-Charlottenburg",
    ]) {
      expect(canonicalGermanReference(form), form).toBe(canonical);
    }
    expect(canonicalGermanReference("München HRB 228960")).toBe("München HRB 228960");
    expect(canonicalGermanReference("HRB 228960 M")).toBe("München HRB 228960");
    expect(canonicalGermanReference("HRB 12345")).toBeNull();
    expect(parseGermanReference("HRB 12345")).toEqual({ register: "HRB", number: "12345" });
    expect(parseGermanReference("12345")).toEqual({ number: "12345" });
    expect(parseGermanReference("Atlantis HRB 1")?.unknownCourt).toBe("Atlantis");
    expect(identifierFormats.DE.family?.("Köln VR 123")).toBe("nonProfit");
  });

  it("GB: 8 characters, zero-padded, with SC / NI / OC prefixes", () => {
    expect(identifierFormats.GB.normalize("1234")).toBe("00001234");
    expect(identifierFormats.GB.normalize("sc 12345")).toBe("SC012345");
    expect(identifierFormats.GB.normalize("NI123456")).toBe("NI123456");
    expect(identifierFormats.GB.normalize("XX123456")).toBeNull();
    const rng = createRng("gb");
    for (let i = 0; i < 50; i++) expect(identifierFormats.GB.generate(rng)).toMatch(/^(\d{8}|(SC|NI|OC)\d{6})$/);
  });

  it("CH: UID CHE-123.456.789 with a mod-11 check digit", () => {
    expect(identifierFormats.CH.normalize("CHE123456788")).toBe("CHE-123.456.788");
    expect(identifierFormats.CH.normalize("CHE-123.456.788 MWST")).toBe("CHE-123.456.788");
    expect(identifierFormats.CH.normalize("CHE-123.456.789")).toBeNull();
  });

  it("IT: codice fiscale and REA map to each other", () => {
    const rng = createRng("it");
    for (let i = 0; i < 50; i++) {
      const cf = identifierFormats.IT.generate(rng);
      expect(cf).toMatch(/^\d{11}$/);
      const rea = italianRea(cf);
      expect(rea).toBeDefined();
      expect(codiceFiscaleFromRea(`${rea?.cciaa}-${rea?.rea}`)).toBe(cf);
    }
    expect(codiceFiscaleFromRea("RM-123456")).toMatch(/^0123456058\d$/);
  });

  it("MU: file numbers are one letter + 2-6 digits; business registration numbers map to them", () => {
    const rng = createRng("mu");
    for (let i = 0; i < 100; i++) {
      const file = identifierFormats.MU.generate(rng);
      expect(file).toMatch(mauritiusIdPattern);
      expect(mauritiusFileNumberFromBrn(mauritiusBrn(file, 2007))).toBe(file);
    }
    expect(mauritiusBrn("C12345", 2007)).toBe("C07012345");
    expect(mauritiusFileNumberFromBrn("C07012345")).toBe("C12345");
    expect(identifierFormats.MU.normalize("c12345")).toBe("C12345");
    expect(identifierFormats.MU.normalize("C07012345")).toBeNull();
  });

  it("BE, CZ, CN, RU: check digits are verified", () => {
    expect(identifierFormats.BE.normalize("BE 0425.258.688")).toBe("0425.258.688");
    expect(identifierFormats.BE.normalize("0425.258.689")).toBeNull();
    expect(identifierFormats.BE.normalize("0403.170.701")).toBe("0403.170.701");
    expect(identifierFormats.CZ.normalize("25596641")).toBe("25596641");
    expect(identifierFormats.CZ.normalize("25596642")).toBeNull();
    expect(identifierFormats.CN.normalize("91350100M000100Y43")).toBe("91350100M000100Y43");
    expect(identifierFormats.RU.normalize("1027700132195")).toBe("1027700132195");
    expect(identifierFormats.RU.normalize("1027700132196")).toBeNull();
  });
});

describe("generated ids", () => {
  it("are canonical already in every country (companyBasics skips normalising them)", () => {
    for (const country of registryCountries) {
      const rng = createRng(country, "canonical-check");
      for (let i = 0; i < 50; i++) {
        const id = identifierFormats[country].generate(rng, "capital");
        expect(canonicalId(country, id), `${country} ${id}`).toBe(id);
      }
    }
  });
});
