import { describe, expect, it } from "vitest";
import { requestCharge } from "./charge";

describe("requestCharge", () => {
  it("adds the reported costs of datapoints and documents", () => {
    expect(
      requestCharge({
        dataPoints: { company: { cost: 4 }, legalRepresentatives: { cost: 0 }, graph: { cost: 1.5 } },
        documents: { d1: { cost: 14 } },
      }),
    ).toBe(19.5);
  });
  it("says nothing when no cost is reported, rather than zero", () => {
    expect(requestCharge({ dataPoints: { company: {} } })).toBeUndefined();
    expect(requestCharge(null)).toBeUndefined();
  });
});
