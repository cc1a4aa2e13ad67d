import "server-only";
import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { batchRows, companyRequests, paidRequestIntents, users, type BatchRow } from "@/db/schema";
import type { Actor } from "@/lib/audit/audit";
import { mapBounded } from "@/lib/async/map-bounded";
import { publishLive } from "@/lib/live/publish";
import { intentMetadataKey } from "@/lib/orders/paid-request-intents";
import { reconcileIntents } from "@/lib/orders/reconcile-intents";
import { setOwner } from "@/lib/portfolio/portfolio-changes";
import { pollRequest } from "@/lib/requests/poll-request";
import { webhookGraceMs } from "@/lib/requests/polling-plan.shared";
import { batchTopics } from "./batch-records";
import { diffCompletedCampaignRows } from "./campaign-diff";

/**
 * Settling a batch's orders: a row whose request has everything in (by webhook, or read here when no webhook came
 * for a while) is completed; its company gets the owner the row names; a campaign's completed rows are diffed
 * against their reviewed baseline. A row left unknown whose order the registry has since reported becomes ordered.
 */

/** Requests read from the registry per step when their webhooks are late. */
const pollsPerStep = 20;

// The tables under the names the statements give them: a batch row, its intent, a stored request.
const [r, i, q] = [alias(batchRows, "r"), alias(paidRequestIntents, "i"), alias(companyRequests, "q")];

type Ordered = { id: number; request_id: string; country_code: string; company_id: string; owner: string | null; complete: boolean };

/** Settles what can be settled now (reading late requests until `deadline`); answers how many ordered rows still wait. */
export async function settleBatch(batch: BatchRow, actor: Actor, deadline = Date.now()): Promise<{ waiting: number }> {
  await adoptReportedOrders(batch.id);
  await pollLateRequests(batch, deadline);
  const { rows } = await db().execute<Ordered>(sql`
    select ${r.id}, ${r.requestId}, ${r.countryCode}, ${r.companyId}, ${r.input} ->> 'owner' as owner, coalesce(${q.complete}, false) as complete
    from ${batchRows} ${r} left join ${companyRequests} ${q} on ${q.requestId} = ${r.requestId}
    where ${r.batchId} = ${batch.id} and ${r.outcome} = 'ordered'`);
  const complete = rows.filter((row) => row.complete);
  if (complete.length > 0) {
    // Owners first: giving one again is a no-op, so a crash before the rows are marked completed loses nothing.
    const completed: { id: number; reason: string | null }[] = [];
    for (const row of complete) {
      const owner = row.owner?.trim();
      completed.push({ id: Number(row.id), reason: (owner && (await giveOwner(batch, actor, row, owner))) || null });
    }
    await db().transaction(async (tx) => {
      // v: the completed rows, one record each.
      await tx
        .update(batchRows)
        .set({ outcome: "completed", outcomeReason: sql`v.reason`, updatedAt: sql`now()` })
        .from(sql`jsonb_to_recordset(${JSON.stringify(completed)}::jsonb) as v(id bigint, reason text)`)
        .where(and(sql`${batchRows.id} = v.id`, eq(batchRows.batchId, batch.id), eq(batchRows.outcome, "ordered")));
      await publishLive(tx, batchTopics(batch.id));
    });
  }
  if (batch.kind === "campaign") await diffCompletedCampaignRows(batch);
  return { waiting: rows.length - complete.length };
}

/**
 * The condition, on a row `r` left unknown and its intent `i`, that the registry has since reported its order: the
 * intent is settled as ordered, or a request stored since carries the intent's id (reconciling settles it).
 */
export const reportedSinceUnknown = sql`((${i.status} = 'ordered' and ${i.requestId} is not null) or (${i.status} in ('pending', 'unknown') and exists (
  select 1 from ${companyRequests} ${q}
  where ${q.connectionId} is not distinct from ${i.connectionId} and ${q.createdAt} >= ${i.createdAt} - interval '1 minute'
    and ${q.snapshot} -> 'request' -> 'metadata' ->> ${intentMetadataKey} = ${i.id}::text)))`;

/** Rows left unknown whose order the registry has since reported (by webhook, or read here): ordered, with its request. */
async function adoptReportedOrders(batchId: string): Promise<void> {
  const { rows } = await db().execute<{ n: number }>(sql`
    select count(*)::int as n from ${batchRows} ${r} join ${paidRequestIntents} ${i} on ${i.id} = ${r.intentId}
    where ${r.batchId} = ${batchId} and ${r.outcome} = 'unknown' and ${i.status} <> 'ordered' and ${reportedSinceUnknown}`);
  if ((rows[0]?.n ?? 0) > 0) await reconcileIntents(db());
  await db().transaction(async (tx) => {
    const adopted = await tx
      .update(batchRows)
      .set({ outcome: "ordered", requestId: sql`${i.requestId}`, outcomeReason: null, updatedAt: sql`now()` })
      .from(i)
      .where(
        and(
          eq(batchRows.batchId, batchId),
          eq(batchRows.outcome, "unknown"),
          eq(i.id, batchRows.intentId),
          eq(i.status, "ordered"),
          isNotNull(i.requestId),
        ),
      );
    if ((adopted.rowCount ?? 0) > 0) await publishLive(tx, batchTopics(batchId));
  });
}

/** Reads the ordered requests that have not changed for a while (their webhooks may never come), until `deadline`. */
async function pollLateRequests(batch: BatchRow, deadline: number): Promise<void> {
  const { rows } = await db().execute<{ request_id: string }>(sql`
    select ${q.requestId} from ${batchRows} ${r} join ${companyRequests} ${q} on ${q.requestId} = ${r.requestId}
    where ${r.batchId} = ${batch.id} and ${r.outcome} = 'ordered' and not ${q.complete}
      and ${q.updatedAt} < now() - make_interval(secs => ${webhookGraceMs / 1000})
    order by ${q.updatedAt} limit ${pollsPerStep}`);
  await mapBounded(rows, 4, async (row) => {
    if (Date.now() < deadline) await pollRequest(batch.connectionId, row.request_id);
  });
}

/**
 * Makes the user the row names (by email, or by name when only one user has it) the owner of its company; answers
 * why not in words, or undefined when done.
 */
async function giveOwner(batch: BatchRow, actor: Actor, row: Ordered, owner: string): Promise<string | undefined> {
  const named = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.active, true), or(sql`lower(${users.email}) = lower(${owner})`, sql`lower(${users.name}) = lower(${owner})`)))
    .limit(2);
  if (named.length !== 1) {
    return `Received; the owner "${owner}" was not set: ${named.length ? "several users have that name" : "no active user has that email or name"}.`;
  }
  const key = { connectionId: batch.connectionId, countryCode: row.country_code, companyId: row.company_id };
  const result = await setOwner(actor, key, named[0]!.id);
  return result.ok ? undefined : `Received; the owner "${owner}" was not set: ${result.error}`;
}
