import { describe, expect, it } from "vitest";
import { MAX_RETRY_SPAN_MS, nextAttemptAt } from "./retry-schedule";

const S = 1000;
const M = 60 * S;
const H = 60 * M;

describe("retry schedule", () => {
  it("retries at once, then after 5 s, 5 min, 30 min, 2 h, 5 h and 10 h steps, within 72 h of the first attempt", () => {
    const first = new Date("2025-01-01T00:00:00Z");
    const offsets: number[] = [];
    for (let attempts = 1; ; attempts++) {
      const next = nextAttemptAt(first, attempts);
      if (!next) break;
      offsets.push(next.getTime() - first.getTime());
    }
    const times = [0, ...offsets];
    const gaps = offsets.map((offset, i) => offset - times[i]!);
    expect(gaps.slice(0, 8)).toEqual([0, 5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 10 * H]);
    expect(gaps.slice(8).every((gap) => gap === 10 * H)).toBe(true);
    expect(offsets.at(-1)).toBeLessThanOrEqual(MAX_RETRY_SPAN_MS);
    expect(offsets.at(-1)! + 10 * H).toBeGreaterThan(MAX_RETRY_SPAN_MS);
    expect(offsets).toHaveLength(12); // 13 attempts in all
  });
});
