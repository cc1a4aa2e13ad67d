import { describe, expect, it } from "vitest";
import { searchParamsRecord } from "./search-params-record";

describe("searchParamsRecord", () => {
  it("reads parameters as a page receives them: one value as text, a repeated one as a list", () => {
    expect(searchParamsRecord(new URLSearchParams("state=new&country=FR&country=DE&empty="))).toEqual({
      state: "new",
      country: ["FR", "DE"],
      empty: "",
    });
  });
});
