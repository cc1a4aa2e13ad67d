import { createDatabase } from "../db/client";
import { reconcileIntents } from "../lib/orders/reconcile-intents";

/**
 * At every start: settles the paid requests whose outcome this console did not record (lib/orders/reconcile-intents.ts)
 * and returns the lines to print about them, if any.
 */
export async function reconcilePaidRequests(databaseUrl: string): Promise<string[]> {
  const { db, pool } = createDatabase(databaseUrl, 1);
  try {
    const { ordered, stillOpen } = await reconcileIntents(db);
    const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
    return [
      ...(ordered.length
        ? [
            `Recorded ${plural(ordered.length, "paid request")} whose outcome was unknown, as the registry reported them: ${ordered.map((o) => o.requestId).join(", ")}.`,
          ]
        : []),
      ...(stillOpen
        ? [`${plural(stillOpen, "paid request")} still without a known outcome: listed on the Requests page and in the audit log.`]
        : []),
    ];
  } finally {
    await pool.end();
  }
}
