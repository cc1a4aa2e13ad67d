import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db, type Database, type Transaction } from "@/db/client";
import { paidRequestIntents, type PaidRequestIntent } from "@/db/schema";
import type { Actor, AuditAction } from "@/lib/audit/audit";
import type { RegistryError } from "@/lib/registry/registry-error.shared";

/**
 * A paid request is written down before the registry is called (who, what, the quoted total and caps), then
 * settled: `ordered` with the registry's request id, `refused` when the registry definitely said no, or
 * `unknown` when no definite answer came (a time-out, a network failure, a 5xx). An intent still open when the
 * console next starts is reconciled with what the registry reported by webhook (reconcile-intents.ts), so no
 * credits are spent without a record, even if the process dies between the registry's answer and our commit.
 */

/** The metadata key that carries the intent's id to the registry, which echoes it in every snapshot and webhook. */
export const intentMetadataKey = "consoleIntentId";

export type IntentMetadata = { [intentMetadataKey]: string };

export type NewIntent = {
  actor: Actor;
  connectionId: string | null;
  action: AuditAction;
  /** `<country> <company id>`, as in the audit log. */
  target: string;
  /** What is asked for: quoted total, caps, datapoints… (as the audit row records them). */
  details: Record<string, unknown>;
};

type Executor = Pick<Database, "insert" | "update" | "select">;

/** Writes the intent in a statement of its own (committed before the registry is called); returns its metadata. */
export async function openIntent(executor: Executor, intent: NewIntent): Promise<IntentMetadata> {
  const [row] = await executor
    .insert(paidRequestIntents)
    .values({
      actorId: intent.actor.id,
      actorEmail: intent.actor.email,
      connectionId: intent.connectionId,
      action: intent.action,
      target: intent.target,
      details: intent.details,
    })
    .returning({ id: paidRequestIntents.id });
  return { [intentMetadataKey]: row!.id };
}

export type Settlement =
  | { status: "ordered"; requestId: string; outcome?: Record<string, unknown> }
  | { status: "refused" | "unknown"; requestId?: string; outcome: Record<string, unknown> };

/**
 * Settles an open intent (pending, or unknown until now). One already ordered or refused stays as it is;
 * returns whether this call settled it.
 */
export async function settleIntent(executor: Executor | Transaction, id: string, settlement: Settlement): Promise<boolean> {
  const updated = await executor
    .update(paidRequestIntents)
    .set({ status: settlement.status, requestId: settlement.requestId ?? null, outcome: settlement.outcome ?? null, settledAt: sql`now()` })
    .where(and(eq(paidRequestIntents.id, id), inArray(paidRequestIntents.status, ["pending", "unknown"])))
    .returning({ id: paidRequestIntents.id });
  return updated.length > 0;
}

/**
 * Whether the registry's error is a definite refusal (nothing was ordered): a 4xx answer. A time-out, a network
 * failure (status 0), a 5xx (e.g. `onboarding_timeout`) or a success we could not read leaves it unknown.
 */
export function isRefusal(error: RegistryError): boolean {
  return error.status >= 400 && error.status < 500;
}

/** Intents without a known outcome, oldest first: what an operator should look at. */
export async function openIntents(executor: Executor = db(), limit = 50): Promise<PaidRequestIntent[]> {
  return executor
    .select()
    .from(paidRequestIntents)
    .where(inArray(paidRequestIntents.status, ["pending", "unknown"]))
    .orderBy(asc(paidRequestIntents.createdAt))
    .limit(limit);
}
