import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { SnapshotChanges } from "@/components/snapshots/snapshot-changes";
import { sectionLabel } from "@/lib/snapshots/change-words";
import { allComparedSections } from "@/lib/alerts/what-changed-datapoints";
import { guardPage } from "@/lib/auth/guard-page";
import { storedRequest } from "@/lib/requests/stored-request";
import { compareStored } from "@/lib/snapshots/compare-snapshots";
import { otherSnapshots } from "@/lib/snapshots/company-snapshots";
import { label } from "@/lib/vocabulary/words.shared";
import { utcMinute } from "@/lib/vocabulary/units.shared";

export const metadata: Metadata = { title: "Compare snapshots" };

const dateTime = (at: string | Date) => utcMinute(new Date(at));
const requestHref = (requestId: string) => `/requests/${encodeURIComponent(requestId)}`;

/**
 * "Compare with…": the other stored snapshots of the same company (same country and company id) on the same
 * connection (another connection is another registry account, whose requests this one did not order), and the
 * field-level diff with the one chosen, in every section both hold.
 */
export default async function CompareSnapshotsPage({ params, searchParams }: PageProps<"/requests/[requestId]/compare">) {
  await guardPage("readDossiers");
  const { requestId: rawId } = await params;
  const requestId = decodeURIComponent(rawId);
  const request = await storedRequest(requestId);
  if (!request) notFound();
  const chosen = (await searchParams).with;
  const withId = typeof chosen === "string" ? chosen : undefined;
  const { connectionId, countryCode, companyId } = request;
  const heading = (
    <div className="space-y-1">
      <p className="text-sm">
        <Link href={requestHref(requestId)} className="text-primary underline-offset-4 hover:underline">
          ← Request {requestId}
        </Link>
      </p>
      <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">Compare {request.companyName ?? companyId ?? requestId} with…</h1>
      <p className="text-sm text-muted-foreground">Only snapshots of the same company on the same connection are listed.</p>
    </div>
  );
  if (!connectionId || !countryCode || !companyId)
    return (
      <div className="space-y-6">
        {heading}
        <p role="status">This request names no company on a connection yet, so there is nothing to compare it with.</p>
      </div>
    );
  const company = { connectionId, countryCode, companyId };
  const others = await otherSnapshots(company, requestId);
  const other = withId ? others.find((o) => o.requestId === withId) : undefined;

  return (
    <div className="space-y-6">
      {heading}
      {others.length === 0 ? (
        <p role="status" className="rounded-md border px-4 py-3 text-sm">
          This connection holds no other snapshot of this company.
        </p>
      ) : (
        <nav aria-label="Other snapshots of this company">
          <ul className="divide-y rounded-md border text-sm" data-testid="other-snapshots">
            {others.map((o) => (
              <li key={o.requestId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <Link
                  href={`${requestHref(requestId)}/compare?with=${encodeURIComponent(o.requestId)}`}
                  aria-current={o.requestId === withId ? "page" : undefined}
                  className="font-medium text-primary underline-offset-4 hover:underline aria-[current=page]:font-bold"
                >
                  {o.requestId}
                </Link>
                <span className="text-muted-foreground">
                  {dateTime(o.createdAt)} · version {o.version} ·{" "}
                  {o.dataPoints.map((d) => label("datapoint", d)).join(", ") || "no datapoints"}
                  {o.complete ? "" : " · in progress"}
                </span>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {withId && !other && (
        <p role="alert" className="text-sm text-destructive">
          {withId} is not a stored snapshot of this company on this connection.
        </p>
      )}
      {other && <Comparison request={{ requestId, createdAt: request.createdAt }} other={other} />}
    </div>
  );
}

async function Comparison({
  request,
  other,
}: {
  request: { requestId: string; createdAt: string };
  other: { requestId: string; createdAt: Date };
}) {
  // Always from the earlier snapshot to the later one, whichever side the user started from.
  const [before, after] =
    other.createdAt.getTime() <= Date.parse(request.createdAt)
      ? [other.requestId, request.requestId]
      : [request.requestId, other.requestId];
  const comparison = await compareStored({ requestId: before }, { requestId: after }, allComparedSections);
  if (!comparison) return <p role="status">One of the two snapshots is not stored.</p>;
  const notCompared = [...comparison.onlyBefore, ...comparison.onlyAfter];
  return (
    <section aria-labelledby="comparison-heading" className="space-y-3">
      <h2 id="comparison-heading" className="text-lg font-semibold">
        From {before} to {after}
      </h2>
      <SnapshotChanges changes={comparison.changes} sections={comparison.compared} />
      {notCompared.length > 0 && (
        <p className="text-sm text-muted-foreground">In one snapshot only, so not compared: {notCompared.map(sectionLabel).join(", ")}.</p>
      )}
    </section>
  );
}
