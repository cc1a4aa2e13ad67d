import PgBoss from "pg-boss";

/** The schema of pg-boss's tables (the job queue, lib/jobs/job-queue.ts), beside the console's own. */
export const jobQueueSchema = "pgboss";

/** Every queue the console runs, with its retry and expiry policy. */
export const jobQueues = {
  /** One step of a batch (match, price, order, settle), re-sent by itself until the batch is done. */
  batchStep: { name: "batch-step", retryLimit: 20, retryDelay: 5, retryBackoff: true, expireInSeconds: 90 },
} as const satisfies Record<string, PgBoss.Queue>;

export type JobQueueName = (typeof jobQueues)[keyof typeof jobQueues]["name"];

/** A pg-boss client on the console's schema, its errors logged. */
export function newJobQueueClient(options: PgBoss.ConstructorOptions): PgBoss {
  const boss = new PgBoss({ schema: jobQueueSchema, ...options });
  boss.on("error", (error: Error) => console.error(`[jobs] ${error.message}`));
  return boss;
}

/**
 * Installs or upgrades pg-boss's tables and creates the console's queues (idempotent): run with the migrations
 * (db/migrate.ts), before any app instance starts.
 */
export async function installJobQueue(connectionString: string): Promise<void> {
  const boss = newJobQueueClient({ connectionString, max: 1, supervise: false, schedule: false });
  await boss.start();
  try {
    for (const queue of Object.values(jobQueues)) await boss.createQueue(queue.name, { ...queue, policy: "standard" });
  } finally {
    await boss.stop({ graceful: false });
  }
}
