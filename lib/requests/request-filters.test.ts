import { describe, expect, it } from "vitest";
import { searchParamsRecord } from "@/lib/http/search-params-record";
import { parseRequestFilters, requestFilterParams } from "./request-filters";

describe("the requests list's filters", () => {
  const orderers = ["ann@example.com"];

  it("reads each filter the page offers", () => {
    expect(parseRequestFilters({ status: "complete", origin: "elsewhere", user: "ann@example.com" }, orderers)).toEqual({
      status: "complete",
      origin: "elsewhere",
      orderedBy: "ann@example.com",
    });
  });

  it("drops a value that does not fit, and someone who never ordered here", () => {
    expect(parseRequestFilters({ status: "done", origin: ["console", "elsewhere"], user: "eve@example.com" }, orderers)).toEqual({
      status: undefined,
      origin: undefined,
      orderedBy: undefined,
    });
  });

  it("writes back only the filters that are set, and reads them again the same", () => {
    const filters = { status: "in_progress" as const, orderedBy: "ann@example.com" };
    const params = new URLSearchParams(requestFilterParams(filters));
    expect(params.toString()).toBe("status=in_progress&user=ann%40example.com");
    expect(parseRequestFilters(searchParamsRecord(params), orderers)).toEqual({ ...filters, origin: undefined });
  });
});
