import Link from "next/link";
import { AwaitRequest } from "@/components/snapshots/await-request";
import { DiffViewed } from "@/components/snapshots/diff-viewed";
import { SnapshotChanges } from "@/components/snapshots/snapshot-changes";
import { sectionLabel } from "@/lib/snapshots/change-words";
import type { AlertForChanges } from "@/lib/orders/what-changed";
import { datapointsForCategories, sectionsForDatapoints } from "@/lib/alerts/what-changed-datapoints";
import { storedRequest } from "@/lib/requests/stored-request";
import { compareStored } from "@/lib/snapshots/compare-snapshots";

/** The "Changes" section, headed. */
function ChangesSection({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="changes-heading" className="space-y-3">
      <h2 id="changes-heading" className="text-lg font-semibold">
        Changes
      </h2>
      {children}
    </section>
  );
}

const dateTime = (at: string | Date) => new Date(at).toISOString().replace("T", " ").slice(0, 16) + " UTC";

/**
 * What an alert's re-retrieval found, once ordered: where it stands while the registry works (the page refreshes when
 * it completes), then the differences from the baseline snapshot. Shown on the alert's page and on its "What changed"
 * page; `report` records that the diff was seen.
 */
export async function AlertChanges({ alert, report }: { alert: AlertForChanges; report: () => Promise<unknown> }) {
  const sections = sectionsForDatapoints(datapointsForCategories(alert.categories));
  const request = await storedRequest(alert.changeRequestId!);
  const requestLink = (
    <Link href={`/requests/${encodeURIComponent(alert.changeRequestId!)}`} className="text-primary underline underline-offset-4">
      request {alert.changeRequestId}
    </Link>
  );
  if (!request) return <p role="status">The re-retrieval ({alert.changeRequestId}) is not stored here yet.</p>;
  if (!request.complete)
    return (
      <ChangesSection>
        <p className="text-sm">Ordered as {requestLink}.</p>
        {/* Only what the watcher needs: the snapshot (and its signed URLs) stays on the server. */}
        <AwaitRequest
          request={{
            requestId: request.requestId,
            version: request.version,
            complete: request.complete,
            webhooksConfigured: request.webhooksConfigured,
          }}
        />
      </ChangesSection>
    );
  if (!alert.baselineRequestId)
    return (
      <ChangesSection>
        <p role="status" className="rounded-md border px-4 py-3 text-sm" data-testid="no-baseline">
          This connection holds nothing earlier of this company to compare with: the new snapshot is {requestLink}.
        </p>
      </ChangesSection>
    );
  const comparison = await compareStored(
    { requestId: alert.baselineRequestId, version: alert.baselineVersion },
    { requestId: request.requestId },
    sections,
  );
  return (
    <ChangesSection>
      <p className="text-sm text-muted-foreground">
        From{" "}
        <Link href={`/requests/${encodeURIComponent(alert.baselineRequestId)}`} className="underline underline-offset-4">
          {alert.baselineRequestId}
        </Link>{" "}
        (version {alert.baselineVersion}) to {requestLink}, completed {dateTime(request.updatedAt)}.
      </p>
      {comparison ? (
        <>
          <SnapshotChanges changes={comparison.changes} sections={comparison.compared} />
          {comparison.onlyAfter.length > 0 && (
            <p className="text-sm text-muted-foreground">
              Not in the earlier snapshot, so not compared: {comparison.onlyAfter.map(sectionLabel).join(", ")}.
            </p>
          )}
          {comparison.onlyBefore.length > 0 && (
            <p className="text-sm text-muted-foreground">
              Not delivered in the new snapshot, so not compared: {comparison.onlyBefore.map(sectionLabel).join(", ")}.
            </p>
          )}
          <DiffViewed report={report} />
        </>
      ) : (
        <p role="status">The earlier snapshot is no longer stored.</p>
      )}
    </ChangesSection>
  );
}
