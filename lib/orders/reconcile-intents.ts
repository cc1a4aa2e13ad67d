import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "@/db/client";
import { companyRequests, paidRequestIntents } from "@/db/schema";
import { audit } from "@/lib/audit/audit";
import { intentMetadataKey, settleIntent } from "./paid-request-intents";

/**
 * Settles the paid-request intents left open (the registry gave no definite answer, or the console stopped
 * before recording it) with what the registry has reported since. The registry echoes the intent's id in
 * `request.metadata` of every snapshot and webhook, so a request stored as "created elsewhere" that carries it is
 * this console's order: it becomes ordered here by the intent's user, and the intent `ordered`. Run by the
 * launcher at every start; safe to run at any time and from several instances at once.
 */

/** An intent still pending this long after it was written is not in flight any more (calls time out after 30 s). */
export const pendingStaleAfterMs = 2 * 60_000;

type OpenIntent = {
  id: string;
  actor_id: string | null;
  actor_email: string;
  action: string;
  target: string;
  details: Record<string, unknown>;
  status: string;
};

export type Reconciliation = { ordered: { intentId: string; requestId: string }[]; unknown: string[]; stillOpen: number };

export async function reconcileIntents(database: Database, options: { pendingStaleAfterMs?: number } = {}): Promise<Reconciliation> {
  const staleAfter = options.pendingStaleAfterMs ?? pendingStaleAfterMs;
  const result: Reconciliation = { ordered: [], unknown: [], stillOpen: 0 };
  const open = await database
    .select({ id: paidRequestIntents.id })
    .from(paidRequestIntents)
    .where(inArray(paidRequestIntents.status, ["pending", "unknown"]))
    .orderBy(paidRequestIntents.createdAt);
  const [i, r] = [alias(paidRequestIntents, "i"), alias(companyRequests, "r")];
  for (const { id } of open) {
    const settled = await database.transaction(async (tx) => {
      // Locked, and skipped if another instance is settling it right now.
      const locked = await tx.execute<OpenIntent & { stale: boolean }>(sql`
        select ${i.id}, ${i.actorId}, ${i.actorEmail}, ${i.action}, ${i.target}, ${i.details}, ${i.status},
          ${i.createdAt} < now() - make_interval(secs => ${staleAfter / 1000}) as stale
        from ${paidRequestIntents} ${i} where ${i.id} = ${id} and ${i.status} in ('pending', 'unknown') for update skip locked`);
      const intent = locked.rows[0];
      if (!intent) return "skipped" as const;
      // The request the registry created for it: known by id (the answer came but could not be stored), or by
      // the intent id it echoes, on the intent's connection, among the requests stored since the intent.
      const found = await tx.execute<{ request_id: string }>(sql`
        select ${r.requestId} from ${companyRequests} ${r}, ${paidRequestIntents} ${i}
        where ${i.id} = ${id}
          and (${r.requestId} = ${i.requestId}
               or (${r.connectionId} is not distinct from ${i.connectionId} and ${r.createdAt} >= ${i.createdAt} - interval '1 minute'
                   and ${r.snapshot} -> 'request' -> 'metadata' ->> ${intentMetadataKey} = ${i.id}::text))
        order by ${r.createdAt} limit 1`);
      const requestId = found.rows[0]?.request_id;
      const actor = { id: intent.actor_id, email: intent.actor_email };
      if (requestId) {
        await tx
          .update(companyRequests)
          .set({ origin: "console", orderedBy: intent.actor_id })
          .where(eq(companyRequests.requestId, requestId));
        await settleIntent(tx, id, { status: "ordered", requestId, outcome: { reconciled: true, was: intent.status } });
        await audit(
          actor,
          "company.order_reconciled",
          intent.target,
          { ...intent.details, orderedAs: intent.action, intentId: id, requestId, outcome: "ordered" },
          tx,
        );
        result.ordered.push({ intentId: id, requestId });
        return "ordered" as const;
      }
      if (intent.status === "pending" && intent.stale) {
        const reason = "The console stopped before the registry's answer was recorded; the order may have been placed and charged.";
        await settleIntent(tx, id, { status: "unknown", outcome: { code: "outcome_unknown", message: reason } });
        await audit(
          actor,
          "company.order_intent_unknown",
          intent.target,
          { ...intent.details, orderedAs: intent.action, intentId: id, outcome: "unknown", message: reason },
          tx,
        );
        result.unknown.push(id);
      }
      return "open" as const;
    });
    if (settled === "open") result.stillOpen += 1;
  }
  return result;
}
