import { describe, expect, it } from "vitest";
import { campaignInputSchema, campaignSelection } from "./campaign-selection";

describe("a review campaign's selection", () => {
  it("reads each ticked company as country and company id, the id keeping its colons", () => {
    expect(campaignSelection({ all: false, filters: { country: "FR" }, companies: ["DE:HRB 1", "FR:RCS:42"] })).toEqual({
      ok: true,
      selection: {
        kind: "companies",
        companies: [
          { countryCode: "DE", companyId: "HRB 1" },
          { countryCode: "FR", companyId: "RCS:42" },
        ],
      },
    });
  });

  it("takes every company the filters match when asked for all, the ticks aside", () => {
    expect(campaignSelection({ all: true, filters: { country: "DE", monitored: "yes" }, companies: ["FR:1"] })).toEqual({
      ok: true,
      selection: { kind: "filter", filters: { country: "DE", monitored: "yes" } },
    });
  });

  it("refuses filters it cannot read, in the portfolio's words", () => {
    expect(campaignSelection({ all: true, filters: { country: "XX" }, companies: [] })).toEqual({
      ok: false,
      error: "The “Country” filter “XX” is not one this list knows, so it was left out.",
    });
  });

  it("accepts only ticks written country:id, and at most 2,000 of them", () => {
    expect(campaignInputSchema.safeParse({ all: false, filters: {}, companies: ["de:1"] }).success).toBe(false);
    expect(campaignInputSchema.safeParse({ all: false, filters: {}, companies: Array(2001).fill("DE:1") }).error?.issues[0]?.message).toBe(
      "Tick at most 2,000 companies.",
    );
  });
});
