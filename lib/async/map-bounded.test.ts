import { describe, expect, it } from "vitest";
import { mapBounded } from "./map-bounded";

describe("mapBounded", () => {
  it("keeps at most `limit` calls in flight and the results in the items' order", async () => {
    let inFlight = 0;
    let most = 0;
    const results = await mapBounded([30, 5, 20, 1, 10, 2, 8], 3, async (ms) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, ms));
      inFlight--;
      return ms * 2;
    });
    expect(results).toEqual([60, 10, 40, 2, 20, 4, 16]);
    expect(most).toBe(3);
  });

  it("maps nothing to nothing", async () => {
    expect(await mapBounded([], 4, async () => 1)).toEqual([]);
  });
});
