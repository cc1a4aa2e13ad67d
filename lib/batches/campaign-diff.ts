import "server-only";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { batchRows, portfolioEntries, reviewQueue, type BatchRow, type BatchRowRecord } from "@/db/schema";
import { sectionsForDatapoints } from "@/lib/alerts/what-changed-datapoints";
import { ofCompany } from "@/lib/company-file/company-file-store";
import { publishLive } from "@/lib/live/publish";
import { liveTopics } from "@/lib/live/topics.shared";
import { lastField, pathWords, sectionLabel, valueWords } from "@/lib/snapshots/change-words";
import { chooseBaseline, storedSnapshotAt } from "@/lib/snapshots/company-snapshots";
import { compareStored } from "@/lib/snapshots/compare-snapshots";
import { comparableSections, type SnapshotChange } from "@/lib/snapshots/snapshot-diff";
import { batchTopics } from "./batch-records";

/**
 * What a review campaign's completed refresh changed (db/schema.ts `batch_rows.diff`): the new request's snapshot
 * against the company's reviewed baseline (the snapshot last marked reviewed, lib/reviews/mark-reviewed.ts), over
 * the sections the refresh ordered, each change in words. Then the company waits in its reviewer's queue
 * (`review_queue`: the company's owner, else whoever started the campaign) until it is marked reviewed.
 */

export type CampaignDiff = NonNullable<BatchRowRecord["diff"]>;
type DiffLine = CampaignDiff["changes"][number];

/** A diff keeps at most this many changes in words; the queue entry counts them all. */
export const storedChangesMax = 100;

/** A value in words, cut to fit a list (the request's page shows it whole). */
const valueLimit = 300;
const cut = (text: string) => (text.length > valueLimit ? `${text.slice(0, valueLimit - 1)}…` : text);

/** A change in words: where (section › field › …), what it was and what it is (null where there was or is none). */
export function changeLine(change: SnapshotChange): DiffLine {
  const field = lastField(change);
  return {
    field: [sectionLabel(change.section), ...pathWords(change)].join(" › "),
    before: change.kind === "added" ? null : cut(valueWords(change.before, field)),
    after: change.kind === "removed" ? null : cut(valueWords(change.after, field)),
  };
}

/** What the refresh received, for a company never reviewed: each section it holds, as received. */
const receivedLine = (section: string): DiffLine => ({ field: sectionLabel(section), before: null, after: "Received" });

/** The row's diff against the company's reviewed baseline, and how many changes it found (all of them). */
async function diffRow(batch: BatchRow, row: BatchRowRecord & { requestId: string; companyId: string }) {
  const company = { connectionId: batch.connectionId, countryCode: row.countryCode, companyId: row.companyId };
  const sections = sectionsForDatapoints(row.datapoints ?? batch.datapoints);
  const baseline = await chooseBaseline(company, row.requestId);
  const comparison =
    baseline?.reviewed === true
      ? await compareStored({ requestId: baseline.requestId, version: baseline.version }, { requestId: row.requestId }, sections)
      : undefined;
  if (!comparison) {
    // Never reviewed (or the reviewed snapshot is gone): nothing to compare with, so what arrived is listed.
    const received = comparableSections({}, await storedSnapshotAt(row.requestId), sections).onlyAfter;
    return { diff: { changes: received.map(receivedLine), baselineRequestId: null } satisfies CampaignDiff, changeCount: received.length };
  }
  return {
    diff: {
      changes: comparison.changes.slice(0, storedChangesMax).map(changeLine),
      baselineRequestId: baseline!.requestId,
    } satisfies CampaignDiff,
    changeCount: comparison.changes.length,
  };
}

/**
 * Diffs every completed row of a campaign that has no diff yet and queues it for its reviewer, each row in one
 * transaction (its diff, its queue entry, the live events of the portfolio and the batch). Run again, it does
 * nothing more: a row with a diff is skipped, and a row has one queue entry at most. Returns how many rows it diffed.
 */
export async function diffCompletedCampaignRows(batch: BatchRow): Promise<number> {
  if (batch.kind !== "campaign") return 0;
  const rows = await db()
    .select()
    .from(batchRows)
    .where(
      and(
        eq(batchRows.batchId, batch.id),
        eq(batchRows.outcome, "completed"),
        isNull(batchRows.diff),
        isNotNull(batchRows.requestId),
        isNotNull(batchRows.companyId),
      ),
    )
    .orderBy(asc(batchRows.rowNumber));
  let diffed = 0;
  for (const row of rows) {
    const target = row as typeof row & { requestId: string; companyId: string };
    const { diff, changeCount } = await diffRow(batch, target);
    const company = { connectionId: batch.connectionId, countryCode: row.countryCode, companyId: target.companyId };
    const wrote = await db().transaction(async (tx) => {
      const [updated] = await tx
        .update(batchRows)
        .set({ diff, updatedAt: sql`now()` })
        .where(and(eq(batchRows.id, row.id), isNull(batchRows.diff)))
        .returning({ id: batchRows.id });
      if (!updated) return false;
      const [entry] = await tx
        .select({ ownerId: portfolioEntries.ownerId })
        .from(portfolioEntries)
        .where(ofCompany(portfolioEntries, company));
      await tx
        .insert(reviewQueue)
        .values({ batchRowId: row.id, ...company, reviewerId: entry?.ownerId ?? batch.createdBy, requestId: target.requestId, changeCount })
        .onConflictDoNothing();
      await publishLive(tx, [liveTopics.portfolio, ...batchTopics(batch.id)]);
      return true;
    });
    if (wrote) diffed += 1;
  }
  return diffed;
}
