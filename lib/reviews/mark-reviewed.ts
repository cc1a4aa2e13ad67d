import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import type { RiskRating } from "@/lib/risk/risk-model.shared";
import { audit, type Actor } from "@/lib/audit/audit";
import type { CompanyKey } from "@/lib/company-file/company-file-store";
import { publishLive } from "@/lib/live/publish";
import { liveTopics } from "@/lib/live/topics.shared";
import type { ReviewInput, ReviewOutcome } from "./review-input.shared";
import { nextReviewDue } from "@/lib/risk/review-policy.shared";
import { lockPolicyShared, readReviewPolicy } from "@/lib/risk/review-policy-store";
import { closeReviewQueueEntries } from "./review-queue";

/** A review as written: what the page shows once the server answers. */
export type CompletedReview = {
  reviewId: number;
  outcome: ReviewOutcome;
  rating: RiskRating | null;
  reviewedAt: Date;
  nextReviewDue: Date;
  baseline: { requestId: string; version: number } | null;
};

export type MarkReviewedResult = { ok: true; review: CompletedReview } | { ok: false; code: "not_found"; error: string };

export const noCompanyFile =
  "This console holds nothing on this company through the connection in use: order its data first, then review it.";

/**
 * Marks a company file reviewed, in one transaction: a company_reviews row (the rating in force, the baseline: the
 * file's latest request at its current version), that baseline as the company's reviewed baseline (what "See what
 * changed" compares with next), the portfolio row's last review and next due date by the review policy (the row is
 * created if the re-rater has not made it yet), the company's entries in review queues closed (a campaign's refresh
 * reviewed), an audit row `review.completed` and a live event on the portfolio.
 * Holds the policy lock shared, so a policy change waits for it (and it for the change).
 */
export async function markReviewed(actor: Actor, key: CompanyKey, input: Pick<ReviewInput, "outcome" | "comment">, now = new Date()) {
  return db().transaction(async (tx): Promise<MarkReviewedResult> => {
    await lockPolicyShared(tx);
    const { policy } = await readReviewPolicy(tx);
    const file = await tx.execute<{ company_name: string | null; request_id: string | null; version: string | null }>(sql`
      select f.company_name, r.request_id, r.version
      from company_files f left join company_requests r on r.request_id = f.latest_request_id
      where f.connection_id = ${key.connectionId} and f.country_code = ${key.countryCode} and f.company_id = ${key.companyId}`);
    const found = file.rows[0];
    if (!found) return { ok: false, code: "not_found", error: noCompanyFile };
    const baseline = found.request_id ? { requestId: found.request_id, version: Number(found.version) } : null;

    // The portfolio row, made here when the re-rater has not made it yet; locked, so two reviews queue.
    await tx.execute(sql`
      insert into portfolio_entries (connection_id, country_code, company_id, company_name)
      values (${key.connectionId}, ${key.countryCode}, ${key.companyId}, ${found.company_name})
      on conflict do nothing`);
    const entry = (
      await tx.execute<{ rating: RiskRating | null; rating_id: string | null; created_at: string }>(sql`
        select rating, rating_id, created_at from portfolio_entries
        where connection_id = ${key.connectionId} and country_code = ${key.countryCode} and company_id = ${key.companyId}
        for update`)
    ).rows[0]!;
    const due = nextReviewDue(policy, entry.rating, now, new Date(entry.created_at));

    const inserted = await tx.execute<{ id: string }>(sql`
      insert into company_reviews (connection_id, country_code, company_id, outcome, comment, rating_id, rating,
        baseline_request_id, baseline_version, reviewed_by, reviewed_by_email, reviewed_at, next_review_due)
      values (${key.connectionId}, ${key.countryCode}, ${key.companyId}, ${input.outcome}, ${input.comment}, ${entry.rating_id},
        ${entry.rating}, ${baseline?.requestId ?? null}, ${baseline?.version ?? null}, ${actor.id}, ${actor.email}, ${now}, ${due})
      returning id`);
    const reviewId = Number(inserted.rows[0]!.id);

    if (baseline) {
      // As resolving an alert does (lib/alerts/triage.ts), without an alert: the review is what marked it.
      await tx.execute(sql`
        insert into reviewed_baselines (connection_id, country_code, company_id, request_id, version, alert_id, reviewed_by, reviewed_at)
        values (${key.connectionId}, ${key.countryCode}, ${key.companyId}, ${baseline.requestId}, ${baseline.version}, null, ${actor.id}, ${now})
        on conflict (connection_id, country_code, company_id) do update set
          request_id = excluded.request_id, version = excluded.version, alert_id = null,
          reviewed_by = excluded.reviewed_by, reviewed_at = excluded.reviewed_at`);
    }

    await tx.execute(sql`
      update portfolio_entries set last_review_id = ${reviewId}, last_reviewed_at = ${now}, next_review_due = ${due},
        company_name = coalesce(company_name, ${found.company_name}), updated_at = now()
      where connection_id = ${key.connectionId} and country_code = ${key.countryCode} and company_id = ${key.companyId}`);

    // A campaign's refresh of the company waiting in a reviewer's queue is reviewed now.
    const queueEntriesClosed = await closeReviewQueueEntries(tx, key, now);

    await audit(
      actor,
      "review.completed",
      `${key.countryCode} ${key.companyId}`,
      {
        connectionId: key.connectionId,
        companyName: found.company_name,
        reviewOutcome: input.outcome,
        riskRating: entry.rating,
        comment: input.comment,
        nextReviewDue: due.toISOString().slice(0, 10),
        ...(baseline && { requestId: baseline.requestId, baselineVersion: baseline.version }),
        ...(queueEntriesClosed > 0 && { queueEntriesClosed }),
        reviewId,
      },
      tx,
    );
    await publishLive(tx, [liveTopics.portfolio]);
    return { ok: true, review: { reviewId, outcome: input.outcome, rating: entry.rating, reviewedAt: now, nextReviewDue: due, baseline } };
  });
}
