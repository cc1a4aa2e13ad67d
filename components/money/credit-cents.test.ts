import { describe, expect, it } from "vitest";
import { creditCentsAsMoney, creditCentsTitle } from "./credit-cents";

describe("credit cents as money", () => {
  it("shows two decimals with thousands separators", () => {
    expect(creditCentsAsMoney(12_000)).toBe("120.00");
    expect(creditCentsAsMoney(102_050)).toBe("1,020.50");
    expect(creditCentsAsMoney(7)).toBe("0.07");
  });

  it("names the source's own unit for a title", () => {
    expect(creditCentsTitle(102_050)).toBe("102,050 credit cents");
  });
});
