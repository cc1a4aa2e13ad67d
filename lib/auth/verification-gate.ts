import "server-only";
/**
 * Bounds password verifications in this process. argon2 runs on libuv's thread pool (4 threads by default),
 * which file, DNS and crypto work share: at most `running` verifications run at once and the rest wait their
 * turn, up to `waiting` of them. One client address may have at most `perAddress` attempts running or
 * waiting; more are refused at once, so one address cannot occupy the pool or the queue. A resource guard,
 * not a rule: each instance has its own (the sign-in limits themselves live in Postgres).
 */
export type VerificationGate = {
  /** Runs `work` when a slot is free, or answers "busy" at once (without running it) when over a limit. */
  run<T>(address: string | null, work: () => Promise<T>): Promise<T | "busy">;
};

export function createVerificationGate(limits: { running: number; waiting: number; perAddress: number }): VerificationGate {
  let running = 0;
  const queue: (() => void)[] = [];
  const perAddress = new Map<string, number>();

  const acquire = () => {
    if (running < limits.running) {
      running++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => queue.push(resolve));
  };
  // A freed slot passes straight to the next in line, so `running` only drops when nobody waits.
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running--;
  };

  return {
    async run(address, work) {
      const held = address === null ? 0 : (perAddress.get(address) ?? 0);
      if (held >= limits.perAddress) return "busy";
      if (running >= limits.running && queue.length >= limits.waiting) return "busy";
      if (address !== null) perAddress.set(address, held + 1);
      try {
        await acquire();
        try {
          return await work();
        } finally {
          release();
        }
      } finally {
        if (address !== null) {
          const left = perAddress.get(address)! - 1;
          if (left === 0) perAddress.delete(address);
          else perAddress.set(address, left);
        }
      }
    },
  };
}
