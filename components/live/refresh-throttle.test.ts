import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createRefreshThrottle } from "./refresh-throttle";

describe("createRefreshThrottle", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs at once for the first trigger, then once at the end of a burst", () => {
    const run = vi.fn();
    const throttle = createRefreshThrottle(run, 500);
    throttle.trigger();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(40);
      throttle.trigger();
    }
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(2_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("runs at once again after a quiet spell, and not after cancel", () => {
    const run = vi.fn();
    const throttle = createRefreshThrottle(run, 500);
    throttle.trigger();
    vi.advanceTimersByTime(600);
    throttle.trigger();
    expect(run).toHaveBeenCalledTimes(2);
    throttle.trigger();
    throttle.cancel();
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
