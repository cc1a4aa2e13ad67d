import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, type Database } from "@/db/client";
import { portfolioEntries, reviewPolicy, users } from "@/db/schema";
import { audit, type Actor } from "@/lib/audit/audit";
import { publishLive } from "@/lib/live/publish";
import { liveTopics } from "@/lib/live/topics.shared";
import { label } from "@/lib/vocabulary/words.shared";
import { defaultReviewPolicy, reviewPolicySchema, type ReviewPolicy } from "./review-policy.shared";

type Executor = Pick<Database, "execute">;

/** The policy in force, with who last changed it (none: the defaults). */
export type StoredReviewPolicy = { policy: ReviewPolicy; updatedByEmail: string | null; updatedAt: Date | null };

/**
 * Serialises a policy change against reviews: a review holds the lock shared while it reads the policy and writes
 * its due date, a change holds it alone while it rewrites every due date. Without it a review committed during a
 * change could keep a due date from the old policy. (A transaction-scoped advisory lock: the policy row may not
 * exist yet, so there is no row to lock.)
 */
const policyLock = sql`hashtext('review_policy')`;

/** Takes the policy lock shared, for the rest of the transaction (a review). */
export async function lockPolicyShared(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${policyLock})`);
}

/** The review policy in force: the stored row, else the defaults. */
export async function readReviewPolicy(executor: Executor = db()): Promise<StoredReviewPolicy> {
  const [p, u] = [alias(reviewPolicy, "p"), alias(users, "u")];
  const result = await executor.execute<{
    high_months: number;
    medium_months: number;
    low_months: number;
    stale_days: number;
    portfolio_scope: string;
    email: string | null;
    updated_at: string;
  }>(sql`
    select ${p.highMonths}, ${p.mediumMonths}, ${p.lowMonths}, ${p.staleDays}, ${p.portfolioScope}, ${u.email}, ${p.updatedAt}
    from ${reviewPolicy} ${p} left join ${users} ${u} on ${u.id} = ${p.updatedBy} where ${p.id}`);
  const row = result.rows[0];
  if (!row) return { policy: defaultReviewPolicy, updatedByEmail: null, updatedAt: null };
  // A stored value the schema no longer accepts falls back to the default rather than breaking every review.
  const parsed = reviewPolicySchema.safeParse({
    highMonths: row.high_months,
    mediumMonths: row.medium_months,
    lowMonths: row.low_months,
    staleDays: row.stale_days,
    portfolioScope: row.portfolio_scope,
  });
  return {
    policy: parsed.success ? parsed.data : defaultReviewPolicy,
    updatedByEmail: row.email,
    updatedAt: new Date(row.updated_at),
  };
}

/** The review policy in force without who changed it (the review cycles and the portfolio's scope). */
export async function reviewPolicyInForce(executor: Executor = db()): Promise<ReviewPolicy> {
  return (await readReviewPolicy(executor)).policy;
}

const monthsWords = (n: number) => `every ${n.toLocaleString("en")} ${n === 1 ? "month" : "months"}`;
const daysWords = (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "day" : "days"}`;

/** How each part of the policy reads, for the audit row's "before → after". */
const partWords: { [K in keyof ReviewPolicy]: (value: ReviewPolicy[K]) => string } = {
  highMonths: monthsWords,
  mediumMonths: monthsWords,
  lowMonths: monthsWords,
  staleDays: daysWords,
  portfolioScope: (scope) => label("portfolioScope", scope),
};

/** What changed from `before` to `after`, each part as "before → after" in words (the audit row's details). Pure. */
export function policyChanges(before: ReviewPolicy, after: ReviewPolicy): Partial<Record<keyof ReviewPolicy, string>> {
  const changes: Partial<Record<keyof ReviewPolicy, string>> = {};
  for (const key of Object.keys(partWords) as (keyof ReviewPolicy)[]) {
    if (before[key] === after[key]) continue;
    const words = partWords[key] as (value: unknown) => string;
    changes[key] = `${words(before[key])} → ${words(after[key])}`;
  }
  return changes;
}

/**
 * The due date `policy` gives a portfolio row, in SQL: its rating's cycle after the last review, in UTC; a row never
 * reviewed is due from the day it entered the portfolio; a row without a rating takes the high cycle. Postgres ends a
 * month that lacks the day on its last day (31 January + 1 month = 28 February), as nextReviewDue does.
 */
export function dueDateSql(policy: ReviewPolicy): SQL {
  const e = portfolioEntries;
  return sql`case when ${e.lastReviewedAt} is null then ${e.createdAt} else
    ((${e.lastReviewedAt} at time zone 'UTC') + make_interval(months => case coalesce(${e.rating}, 'high')
      when 'low' then ${policy.lowMonths}::int when 'medium' then ${policy.mediumMonths}::int else ${policy.highMonths}::int end))
    at time zone 'UTC' end`;
}

/** What saving the policy did: the parts that changed (in words), and how many due dates moved. */
export type PolicySaved = { changes: Partial<Record<keyof ReviewPolicy, string>>; movedDueDates: number };

/**
 * Saves the review policy. When anything changed: the row, an audit row `review.policy_changed` with each change as
 * "before → after" in words, every portfolio row's next due date recomputed in one statement, and a live event on
 * the portfolio topic, all in one transaction. Nothing changed: nothing written.
 */
export async function saveReviewPolicy(actor: Actor, policy: ReviewPolicy): Promise<PolicySaved> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${policyLock})`);
    const before = (await readReviewPolicy(tx)).policy;
    const changes = policyChanges(before, policy);
    if (Object.keys(changes).length === 0) return { changes, movedDueDates: 0 };
    const row = { ...policy, updatedBy: actor.id, updatedAt: sql`now()` };
    await tx.insert(reviewPolicy).values(row).onConflictDoUpdate({ target: reviewPolicy.id, set: row });
    const due = dueDateSql(policy);
    const moved = await tx
      .update(portfolioEntries)
      .set({ nextReviewDue: due, updatedAt: sql`now()` })
      .where(sql`${portfolioEntries.nextReviewDue} is distinct from ${due}`);
    const movedDueDates = moved.rowCount ?? 0;
    await audit(actor, "review.policy_changed", "review policy", { ...changes, movedDueDates }, tx);
    await publishLive(tx, [liveTopics.portfolio]);
    return { changes, movedDueDates };
  });
}
