/**
 * Runs `run` at once on the first trigger after a quiet spell, then at most once per `everyMs`: triggers in
 * between are coalesced into one run at the end of the spell. Used to refresh a page on live events without
 * delaying the first one, and without refreshing for every event of a burst.
 */
export function createRefreshThrottle(run: () => void, everyMs: number): { trigger: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  const quiet = () => {
    timer = setTimeout(() => {
      timer = undefined;
      if (!pending) return;
      pending = false;
      run();
      quiet();
    }, everyMs);
  };
  return {
    trigger() {
      if (timer !== undefined) {
        pending = true;
        return;
      }
      run();
      quiet();
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending = false;
    },
  };
}
