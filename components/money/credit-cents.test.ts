import { describe, expect, it } from "vitest";
import { creditCentsTitle } from "./credit-cents";

describe("credit cents in their own unit", () => {
  it("names the source's own unit for a title, with thousands separators", () => {
    expect(creditCentsTitle(102_050)).toBe("102,050 credit cents");
  });
});
