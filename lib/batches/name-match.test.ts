import { describe, expect, it } from "vitest";
import type { SearchResult } from "@/lib/registry/schemas.shared";
import { decideByName, decideByNumber, nameCore, normaliseName, normaliseNumber, scoreName } from "./name-match";

const result = (id: string, legalName: string, extra: Partial<SearchResult> = {}): SearchResult => ({
  id,
  legalName,
  countryCode: "DE",
  address: {},
  matchReason: { matchType: "default" },
  ...extra,
});

describe("normalising names", () => {
  it("drops case, accents and punctuation, and joins single letters", () => {
    expect(normaliseName("  Société  Générale, S.p.A. ")).toBe("societe generale spa");
    expect(normaliseName("Ποσειδών Τουριστική Ε.Π.Ε.")).toBe("ποσειδων τουριστικη επε");
  });

  it("removes legal-form words at either end, not inside", () => {
    expect(nameCore("Rheintal Handel GmbH & Co. KG")).toBe("rheintal handel");
    expect(nameCore("OOO «Resurs Stroy»")).toBe("resurs stroy");
    expect(nameCore("Laguna Meccanica S.r.l.")).toBe("laguna meccanica");
    expect(nameCore("Αιγαίο Ενέργεια Α.Ε.")).toBe("αιγαιο ενεργεια");
    expect(nameCore("Ltd")).toBe("ltd");
    expect(nameCore("Sa Co Trading AB")).toBe("trading");
  });
});

describe("scoring a name", () => {
  const greek = result("148153335000", "Ποσειδών Τουριστική Ε.Π.Ε.", {
    legalNameInEnglish: "Poseidon Tourism Ltd",
    companyNameTransliterations: ["Poseidon Touristiki E.P.E."],
  });

  it("scores the exact legal name highest, then a transliteration, then the English name", () => {
    expect(scoreName("ποσειδών τουριστική ε.π.ε.", greek)).toEqual({ score: 1, reason: "Exact legal name" });
    expect(scoreName("Poseidon Touristiki EPE", greek)).toEqual({ score: 0.98, reason: "Exact transliterated name" });
    expect(scoreName("poseidon tourism ltd", greek)).toEqual({ score: 0.97, reason: "Exact English name" });
  });

  it("scores a name apart from its legal form just below", () => {
    expect(scoreName("Poseidon Tourism", greek)).toEqual({
      score: 0.92,
      reason: "Same English name apart from the legal form (“Poseidon Tourism Ltd”)",
    });
    expect(scoreName("Rheintal Handel AG", result("1", "Rheintal Handel GmbH")).score).toBe(0.95);
  });

  it("scores words in common below what can be matched alone", () => {
    const scored = scoreName("Rheintal Logistik", result("1", "Rheintal Handel GmbH"));
    expect(scored).toEqual({ score: 0.4, reason: "1 of 2 words in common with the legal name (“Rheintal Handel GmbH”)" });
  });
});

describe("deciding by name", () => {
  it("matches the one result close enough, with the reason and score in words", () => {
    expect(decideByName("Rheintal Handel", [result("1", "Rheintal Handel GmbH"), result("2", "Rheintal Logistik GmbH")])).toEqual({
      state: "matched",
      companyId: "1",
      companyName: "Rheintal Handel GmbH",
      score: 0.95,
      reason: "Same legal name apart from the legal form (“Rheintal Handel GmbH”) (score 95%)",
    });
  });

  it("prefers the exact legal name to one that differs only by legal form", () => {
    const decision = decideByName("Rheintal Handel GmbH", [result("1", "Rheintal Handel AG"), result("2", "Rheintal Handel GmbH")]);
    expect(decision).toMatchObject({ state: "matched", companyId: "2", score: 1 });
  });

  it("lists candidates for a person when two companies share the name", () => {
    const decision = decideByName("Rheintal Handel GmbH", [
      result("1", "Rheintal Handel GmbH"),
      result("2", "Rheintal Handel GmbH"),
      result("3", "Lindenhof Handel GmbH"),
      result("4", "Weserland Maschinenbau GmbH"),
    ]);
    expect(decision).toEqual({
      state: "ambiguous",
      candidates: [
        { companyId: "1", legalName: "Rheintal Handel GmbH", score: 1, reason: "Exact legal name" },
        { companyId: "2", legalName: "Rheintal Handel GmbH", score: 1, reason: "Exact legal name" },
      ],
    });
  });

  it("lists close names as candidates when none is close enough", () => {
    const decision = decideByName("Rheintal Handel Nord", [result("1", "Rheintal Handel GmbH")]);
    expect(decision).toMatchObject({ state: "ambiguous", candidates: [{ companyId: "1", score: 0.64 }] });
  });

  it("finds nothing when no result comes close, or there is none", () => {
    expect(decideByName("Zebra Finance", [result("1", "Rheintal Handel GmbH")])).toEqual({
      state: "not_found",
      reason: "No company close to “Zebra Finance”: the nearest, “Rheintal Handel GmbH”, scores 0% (50% is needed to list it).",
    });
    expect(decideByName("Zebra Finance", [])).toEqual({
      state: "not_found",
      reason: "The registry found no company named “Zebra Finance” in this country.",
    });
  });
});

describe("deciding by registration number", () => {
  it("compares numbers by letters and digits only", () => {
    expect(normaliseNumber(" hrb-86 891 ")).toBe("HRB86891");
  });

  it("matches the result whose identifier is the number", () => {
    const decision = decideByNumber("552 100 554", "", [
      result("552100554", "Vauban Conseil SARL", { matchReason: { matchType: "id", identifier: { siren: "552100554" } } }),
      result("552100999", "Autre SARL", { matchReason: { matchType: "partialId", identifier: { siren: "552100" } } }),
    ]);
    expect(decision).toEqual({
      state: "matched",
      companyId: "552100554",
      companyName: "Vauban Conseil SARL",
      score: 1,
      reason: "Registration number matches (siren: 552100554)",
    });
  });

  it("lets the name pick among several companies with the number, else asks a person", () => {
    const two = [
      result("Berlin HRB 1", "Alpha GmbH", { matchReason: { matchType: "id", identifier: { register: "HRB 1" } } }),
      result("Bonn HRB 1", "Beta GmbH", { matchReason: { matchType: "id", identifier: { register: "HRB 1" } } }),
    ];
    expect(decideByNumber("HRB 1", "Beta", two)).toMatchObject({ state: "matched", companyId: "Bonn HRB 1" });
    expect(decideByNumber("HRB 1", "", two)).toMatchObject({
      state: "ambiguous",
      candidates: [{ companyId: "Berlin HRB 1" }, { companyId: "Bonn HRB 1" }],
    });
  });

  it("offers partial matches to a person, and leaves a row with a name to its name", () => {
    const partial = [result("5521", "Autre SARL", { matchReason: { matchType: "partialId" } })];
    expect(decideByNumber("552", "", partial)).toMatchObject({ state: "ambiguous", candidates: [{ companyId: "5521" }] });
    expect(decideByNumber("552", "Autre", partial)).toBeUndefined();
    expect(decideByNumber("552", "", [])).toBeUndefined();
  });
});
