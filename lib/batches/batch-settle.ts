import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import type { BatchRow } from "@/db/schema";
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

type Ordered = { id: number; request_id: string; country_code: string; company_id: string; owner: string | null; complete: boolean };

/** Settles what can be settled now (reading late requests until `deadline`); answers how many ordered rows still wait. */
export async function settleBatch(batch: BatchRow, actor: Actor, deadline = Date.now()): Promise<{ waiting: number }> {
  await adoptReportedOrders(batch.id);
  await pollLateRequests(batch, deadline);
  const { rows } = await db().execute<Ordered>(sql`
    select r.id, r.request_id, r.country_code, r.company_id, r.input ->> 'owner' as owner, coalesce(q.complete, false) as complete
    from batch_rows r left join company_requests q on q.request_id = r.request_id
    where r.batch_id = ${batch.id} and r.outcome = 'ordered'`);
  const complete = rows.filter((row) => row.complete);
  if (complete.length > 0) {
    // Owners first: giving one again is a no-op, so a crash before the rows are marked completed loses nothing.
    const completed: { id: number; reason: string | null }[] = [];
    for (const row of complete) {
      const owner = row.owner?.trim();
      completed.push({ id: Number(row.id), reason: (owner && (await giveOwner(batch, actor, row, owner))) || null });
    }
    await db().transaction(async (tx) => {
      await tx.execute(sql`
        update batch_rows r set outcome = 'completed', outcome_reason = v.reason, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(completed)}::jsonb) as v(id bigint, reason text)
        where r.id = v.id and r.batch_id = ${batch.id} and r.outcome = 'ordered'`);
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
export const reportedSinceUnknown = sql`((i.status = 'ordered' and i.request_id is not null) or (i.status in ('pending', 'unknown') and exists (
  select 1 from company_requests q
  where q.connection_id is not distinct from i.connection_id and q.created_at >= i.created_at - interval '1 minute'
    and q.snapshot -> 'request' -> 'metadata' ->> ${intentMetadataKey} = i.id::text)))`;

/** Rows left unknown whose order the registry has since reported (by webhook, or read here): ordered, with its request. */
async function adoptReportedOrders(batchId: string): Promise<void> {
  const { rows } = await db().execute<{ n: number }>(sql`
    select count(*)::int as n from batch_rows r join paid_request_intents i on i.id = r.intent_id
    where r.batch_id = ${batchId} and r.outcome = 'unknown' and i.status <> 'ordered' and ${reportedSinceUnknown}`);
  if ((rows[0]?.n ?? 0) > 0) await reconcileIntents(db());
  await db().transaction(async (tx) => {
    const adopted = await tx.execute(sql`
      update batch_rows r set outcome = 'ordered', request_id = i.request_id, outcome_reason = null, updated_at = now()
      from paid_request_intents i
      where r.batch_id = ${batchId} and r.outcome = 'unknown' and i.id = r.intent_id and i.status = 'ordered' and i.request_id is not null`);
    if ((adopted.rowCount ?? 0) > 0) await publishLive(tx, batchTopics(batchId));
  });
}

/** Reads the ordered requests that have not changed for a while (their webhooks may never come), until `deadline`. */
async function pollLateRequests(batch: BatchRow, deadline: number): Promise<void> {
  const { rows } = await db().execute<{ request_id: string }>(sql`
    select q.request_id from batch_rows r join company_requests q on q.request_id = r.request_id
    where r.batch_id = ${batch.id} and r.outcome = 'ordered' and not q.complete
      and q.updated_at < now() - make_interval(secs => ${webhookGraceMs / 1000})
    order by q.updated_at limit ${pollsPerStep}`);
  await mapBounded(rows, 4, async (row) => {
    if (Date.now() < deadline) await pollRequest(batch.connectionId, row.request_id);
  });
}

/**
 * Makes the user the row names (by email, or by name when only one user has it) the owner of its company; answers
 * why not in words, or undefined when done.
 */
async function giveOwner(batch: BatchRow, actor: Actor, row: Ordered, owner: string): Promise<string | undefined> {
  const { rows: users } = await db().execute<{ id: string }>(sql`
    select id from users where active and (lower(email) = lower(${owner}) or lower(name) = lower(${owner})) limit 2`);
  if (users.length !== 1) {
    return `Received; the owner "${owner}" was not set: ${users.length ? "several users have that name" : "no active user has that email or name"}.`;
  }
  const key = { connectionId: batch.connectionId, countryCode: row.country_code, companyId: row.company_id };
  const result = await setOwner(actor, key, users[0]!.id);
  return result.ok ? undefined : `Received; the owner "${owner}" was not set: ${result.error}`;
}
