import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { companyFiles, companyRequests, companyReviews, portfolioEntries, reviewedBaselines } from "@/db/schema";
import type { RiskRating } from "@/lib/risk/risk-model.shared";
import { audit, type Actor } from "@/lib/audit/audit";
import { ofCompany, type CompanyKey } from "@/lib/company-file/company-file-store";
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
    const [f, r] = [alias(companyFiles, "f"), alias(companyRequests, "r")];
    const file = await tx.execute<{ company_name: string | null; request_id: string | null; version: string | null }>(sql`
      select ${f.companyName}, ${r.requestId}, ${r.version}
      from ${companyFiles} ${f} left join ${companyRequests} ${r} on ${r.requestId} = ${f.latestRequestId}
      where ${ofCompany(f, key)}`);
    const found = file.rows[0];
    if (!found) return { ok: false, code: "not_found", error: noCompanyFile };
    const baseline = found.request_id ? { requestId: found.request_id, version: Number(found.version) } : null;

    // The portfolio row, made here when the re-rater has not made it yet; locked, so two reviews queue.
    await tx
      .insert(portfolioEntries)
      .values({ ...key, companyName: found.company_name })
      .onConflictDoNothing();
    const entry = (
      await tx
        .select({ rating: portfolioEntries.rating, ratingId: portfolioEntries.ratingId, createdAt: portfolioEntries.createdAt })
        .from(portfolioEntries)
        .where(ofCompany(portfolioEntries, key))
        .for("update")
    )[0]!;
    const due = nextReviewDue(policy, entry.rating, now, entry.createdAt);

    const [inserted] = await tx
      .insert(companyReviews)
      .values({
        ...key,
        outcome: input.outcome,
        comment: input.comment,
        ratingId: entry.ratingId,
        rating: entry.rating,
        baselineRequestId: baseline?.requestId ?? null,
        baselineVersion: baseline?.version ?? null,
        reviewedBy: actor.id,
        reviewedByEmail: actor.email,
        reviewedAt: now,
        nextReviewDue: due,
      })
      .returning({ id: companyReviews.id });
    const reviewId = inserted!.id;

    if (baseline) {
      // As resolving an alert does (lib/alerts/triage.ts), without an alert: the review is what marked it.
      const marked = { requestId: baseline.requestId, version: baseline.version, alertId: null, reviewedBy: actor.id, reviewedAt: now };
      await tx
        .insert(reviewedBaselines)
        .values({ ...key, ...marked })
        .onConflictDoUpdate({
          target: [reviewedBaselines.connectionId, reviewedBaselines.countryCode, reviewedBaselines.companyId],
          set: marked,
        });
    }

    await tx
      .update(portfolioEntries)
      .set({
        lastReviewId: reviewId,
        lastReviewedAt: now,
        nextReviewDue: due,
        companyName: sql`coalesce(${portfolioEntries.companyName}, ${found.company_name})`,
        updatedAt: sql`now()`,
      })
      .where(ofCompany(portfolioEntries, key));

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
