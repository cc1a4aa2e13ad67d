import { describe, expect, it } from "vitest";
import { countryName } from "./countries.shared";

describe("countryName", () => {
  it("names the registry's countries by its own names and any other code by its English name", () => {
    expect(countryName("VG")).toBe("British Virgin Islands");
    expect(countryName("ir")).toBe("Iran");
    expect(countryName("KP")).toBe("North Korea");
  });

  it("names nothing for a code that is not a country", () => {
    expect(countryName("XX")).toBeUndefined();
    expect(countryName("ZZ")).toBeUndefined();
    expect(countryName("IRN")).toBeUndefined();
    expect(countryName("")).toBeUndefined();
  });
});
