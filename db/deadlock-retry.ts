/** Postgres's code for a transaction it ended to break a deadlock. */
const deadlockDetected = "40P01";

/** Whether `error` (or what it wraps: Drizzle puts the driver's error in `cause`) is Postgres breaking a deadlock. */
export function isDeadlock(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === deadlockDetected) return true;
  }
  return false;
}

/**
 * Runs a transaction again when Postgres ended it to break a deadlock (the other side went through), up to
 * `attempts` times in all. Only for work that is whole in one transaction, so a rerun cannot do anything twice.
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
    }
  }
}
