import type { Metadata } from "next";
import Link from "next/link";
import { CompanyLink } from "@/components/dossier/company-link";
import { LiveBadge } from "@/components/live/live-badge";
import { RefreshOnLive } from "@/components/live/refresh-on-live";
import { Badge } from "@/components/ui/badge";
import { guardPage } from "@/lib/auth/guard-page";
import { liveTopics } from "@/lib/live/topics.shared";
import { countryNames } from "@/lib/registry/countries.shared";
import { openReviewQueue, type ReviewQueueEntry } from "@/lib/reviews/review-queue";

export const metadata: Metadata = { title: "Review queue" };

const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The signed-in reviewer's queue: the companies review campaigns refreshed for them, each with what changed since
 * its last review (or that nothing did), until it is marked reviewed on its company page.
 */
export default async function ReviewQueuePage() {
  const user = await guardPage("reviewCompanies");
  const { entries, total } = await openReviewQueue(user.id);
  return (
    <div className="space-y-4">
      <RefreshOnLive topic={liveTopics.portfolio} />
      <div className="min-w-0">
        <h1 className="flex items-center gap-2 text-2xl font-semibold">
          Review queue <LiveBadge />
        </h1>
        <p className="text-sm text-muted-foreground">
          Companies refreshed by a review campaign, waiting for your review with what changed since their last one. Marking a company
          reviewed on its page takes it off the queue.{" "}
          <Link href="/portfolio" className="text-primary underline underline-offset-4">
            Back to the portfolio
          </Link>
        </p>
      </div>
      {total === 0 ? (
        <p role="status" className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          Nothing waits for your review. Start a campaign from the portfolio: tick companies due for review and choose “Refresh for review”.
        </p>
      ) : (
        <>
          <p role="status" className="text-sm">
            {total === 1 ? "1 company waits" : `${total.toLocaleString("en")} companies wait`} for your review
            {total > entries.length && `; the ${entries.length} queued first`}.
          </p>
          <ul className="space-y-3" aria-label="Companies waiting for review" data-testid="review-queue">
            {entries.map((entry) => (
              <QueueEntry key={entry.id} entry={entry} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function QueueEntry({ entry }: { entry: ReviewQueueEntry }) {
  const name = entry.companyName ?? entry.companyId;
  const noBaseline = entry.diff.baselineRequestId === null;
  return (
    <li className="space-y-2 rounded-md border p-3 text-sm" data-company={`${entry.countryCode}:${entry.companyId}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-medium">
            <CompanyLink countryCode={entry.countryCode} id={entry.companyId}>
              {name}
            </CompanyLink>
          </h2>
          <div className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
            {countryNames[entry.countryCode as keyof typeof countryNames] ?? entry.countryCode} · {entry.companyId}
          </div>
        </div>
        {noBaseline ? (
          <Badge variant="outline">First review</Badge>
        ) : entry.changeCount === 0 ? (
          <Badge variant="secondary">Nothing changed</Badge>
        ) : (
          <Badge variant="warning">{entry.changeCount === 1 ? "1 change" : `${entry.changeCount} changes`}</Badge>
        )}
      </div>
      <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
        Refreshed by the{" "}
        <Link href={`/portfolio/batches/${entry.batchId}`} className="underline underline-offset-4">
          campaign of {day(entry.campaignStartedAt)}
        </Link>{" "}
        started by {entry.campaignStartedBy} (
        <Link href={`/requests/${encodeURIComponent(entry.requestId)}`} className="underline underline-offset-4">
          the refresh
        </Link>
        ).
      </p>
      <QueueDiff entry={entry} />
      <p>
        <Link
          href={`/companies/${encodeURIComponent(entry.countryCode)}/${encodeURIComponent(entry.companyId)}`}
          className="font-medium text-primary underline underline-offset-4"
        >
          Review {name}
        </Link>{" "}
        <span className="text-muted-foreground">(“Mark reviewed” is on its page)</span>
      </p>
    </li>
  );
}

/** What changed since the last review, in words; or that nothing did; or, never reviewed, what was received. */
function QueueDiff({ entry }: { entry: ReviewQueueEntry }) {
  const { changes, baselineRequestId } = entry.diff;
  if (baselineRequestId === null)
    return (
      <p data-testid="queue-diff" data-diff="no-baseline" className="[overflow-wrap:anywhere]">
        No reviewed baseline yet: this company was never marked reviewed, so there is nothing to compare with.
        {changes.length > 0 && ` Received: ${changes.map((c) => c.field).join(", ")}.`}
      </p>
    );
  if (entry.changeCount === 0)
    return (
      <p data-testid="queue-diff" data-diff="nothing-changed">
        Nothing changed since the last review.
      </p>
    );
  return (
    <div data-testid="queue-diff" data-diff="changed" className="space-y-1">
      <p>Since the last review:</p>
      <div className="overflow-x-auto rounded-md border">
        <table className="table-stacked w-full text-sm">
          <thead className="bg-muted/50 text-left">
            <tr>
              <th scope="col" className="w-2/5 px-3 py-2 font-medium">
                Field
              </th>
              <th scope="col" className="w-[30%] px-3 py-2 font-medium">
                Before
              </th>
              <th scope="col" className="w-[30%] px-3 py-2 font-medium">
                After
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {changes.map((change, index) => (
              <tr key={index}>
                <td className="px-3 py-2 align-top font-medium [overflow-wrap:anywhere] sm:font-normal">{change.field}</td>
                <td className="px-3 py-2 align-top [overflow-wrap:anywhere]" data-label="Before">
                  {change.before ?? "—"}
                </td>
                <td className="px-3 py-2 align-top [overflow-wrap:anywhere]" data-label="After">
                  {change.after ?? "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {entry.changeCount > changes.length && (
        <p className="text-xs text-muted-foreground">
          And {entry.changeCount - changes.length} more: the refresh’s page compares it in full.
        </p>
      )}
    </div>
  );
}
