import { describe, expect, it } from "vitest";
import { searchMinQueryLength } from "@/lib/registry/schemas.shared";
import { companyHref, minQueryLength, parseSearchState, searchHref, searchProblem, streamUrl } from "./url-state.shared";

describe("search URL state", () => {
  it("round-trips a search through its link", () => {
    const state = { country: "DE" as const, query: "München HRB 228960 & Co", transliterate: true };
    const href = searchHref(state);
    expect(href).toBe("/search?country=DE&q=M%C3%BCnchen+HRB+228960+%26+Co&transliterate=1");
    expect(parseSearchState(new URL(href, "http://x").searchParams)).toEqual(state);
  });

  it("reads Next's searchParams objects and ignores unknown countries", () => {
    expect(parseSearchState({ country: "fr", q: ["acme", "other"], transliterate: "true" })).toEqual({
      country: "FR",
      query: "acme",
      transliterate: true,
    });
    expect(parseSearchState({ country: "XX", q: "acme" })).toEqual({ country: undefined, query: "acme", transliterate: false });
    expect(searchHref({ country: undefined, query: "", transliterate: false })).toBe("/search");
  });

  it("needs a country and at least the registry's minimum of characters", () => {
    expect(minQueryLength).toBe(searchMinQueryLength);
    expect(searchProblem({ country: undefined, query: "acme", transliterate: false })).toBe("Choose a country.");
    expect(searchProblem({ country: "DE", query: " a ", transliterate: false })).toBe("Type at least 2 characters.");
    expect(searchProblem({ country: "DE", query: "ab", transliterate: false })).toBeUndefined();
  });

  it("builds the stream URL with the trimmed query and the company link with the id encoded", () => {
    expect(streamUrl({ country: "GB", query: " acme ", transliterate: true })).toBe(
      "/api/search/stream?country=GB&query=acme&transliterate=true",
    );
    expect(streamUrl({ country: "GB", query: "acme", transliterate: false })).toBe("/api/search/stream?country=GB&query=acme");
    expect(companyHref("DE", "Berlin (Charlottenburg) HRB 12345/x")).toBe("/companies/DE/Berlin%20(Charlottenburg)%20HRB%2012345%2Fx");
  });
});
