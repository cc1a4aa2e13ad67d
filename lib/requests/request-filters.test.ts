import { describe, expect, it } from "vitest";
import { searchParamsRecord } from "@/lib/http/search-params-record";
import { defaultRequestFilters, parseRequestFilters, requestFilterParams } from "./request-filters";

describe("the requests list's filters", () => {
  const orderers = ["ann@example.com"];

  it("reads each filter the page offers", () => {
    expect(
      parseRequestFilters(
        {
          status: "complete",
          origin: "elsewhere",
          user: "ann@example.com",
          company: " acme ",
          caseReference: "KYC-1",
          followUps: "off",
          hideListings: "off",
        },
        orderers,
      ),
    ).toEqual({
      status: "complete",
      origin: "elsewhere",
      orderedBy: "ann@example.com",
      company: "acme",
      caseReference: "KYC-1",
      followUps: false,
      hideListings: false,
    });
  });

  it("shows follow-ups and hides free listings by default", () => {
    expect(parseRequestFilters({}, orderers)).toEqual({
      ...defaultRequestFilters,
      status: undefined,
      origin: undefined,
      orderedBy: undefined,
      company: undefined,
      caseReference: undefined,
    });
    expect(defaultRequestFilters).toEqual({ followUps: true, hideListings: true });
  });

  it("drops a value that does not fit, and someone who never ordered here", () => {
    expect(
      parseRequestFilters(
        {
          status: "done",
          origin: ["console", "elsewhere"],
          user: "eve@example.com",
          company: "   ",
          caseReference: "x".repeat(501),
          followUps: "maybe",
          hideListings: ["x", "y"],
        },
        orderers,
      ),
    ).toEqual({
      status: undefined,
      origin: undefined,
      orderedBy: undefined,
      company: undefined,
      caseReference: undefined,
      followUps: true,
      hideListings: true,
    });
  });

  it("reads a checkbox as the form sends it: the hidden off alone when unchecked, off then on when checked", () => {
    const form = (query: string) => parseRequestFilters(searchParamsRecord(new URLSearchParams(query)), orderers);
    expect(form("followUps=off&hideListings=off")).toMatchObject({ followUps: false, hideListings: false });
    expect(form("followUps=off&followUps=on&hideListings=off&hideListings=on")).toMatchObject({ followUps: true, hideListings: true });
  });

  it("writes back only the filters that are set or off their default, and reads them again the same", () => {
    const filters = {
      status: "in_progress" as const,
      orderedBy: "ann@example.com",
      company: "Acme",
      caseReference: "KYC 1",
      followUps: false,
      hideListings: true,
    };
    const params = new URLSearchParams(requestFilterParams(filters));
    expect(params.toString()).toBe("status=in_progress&user=ann%40example.com&company=Acme&caseReference=KYC+1&followUps=off");
    expect(parseRequestFilters(searchParamsRecord(params), orderers)).toEqual({ ...filters, origin: undefined });
    expect(requestFilterParams({ ...defaultRequestFilters, hideListings: false })).toEqual({ hideListings: "off" });
    expect(requestFilterParams(defaultRequestFilters)).toEqual({});
  });
});
