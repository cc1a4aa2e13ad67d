import type { Metadata } from "next";
import Link from "next/link";
import { ExportCsvLink } from "@/components/csv/export-csv-link";
import { asOptions, FilterForm } from "@/components/filters/filter-form";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { LiveBadge } from "@/components/live/live-badge";
import { RefreshOnLive } from "@/components/live/refresh-on-live";
import { guardPage } from "@/lib/auth/guard-page";
import { can } from "@/lib/auth/capabilities.shared";
import { liveTopics } from "@/lib/live/topics.shared";
import { openIntents } from "@/lib/orders/paid-request-intents";
import { listRequests, requestOrderers, type RequestListGroup, type RequestListRow } from "@/lib/requests/list-requests";
import { requestPurposeLabels, type RequestOrigin } from "@/lib/requests/origins";
import { caseReferenceMax } from "@/lib/forms/case-reference.shared";
import { defaultRequestFilters, parseRequestFilters, requestFilterParams, type RequestStatusFilter } from "@/lib/requests/request-filters";
import { OpenIntents } from "./open-intents";
import { credits } from "@/lib/vocabulary/units.shared";

export const metadata: Metadata = { title: "Requests" };

const statusOptions = [
  { value: "in_progress", label: "In progress" },
  { value: "complete", label: "Complete" },
] satisfies { value: RequestStatusFilter; label: string }[];
const originOptions = [
  { value: "console", label: "Ordered in this console" },
  { value: "elsewhere", label: "Created elsewhere" },
] satisfies { value: RequestOrigin; label: string }[];

export default async function RequestsPage({ searchParams }: PageProps<"/requests">) {
  const user = await guardPage("readDossiers");
  const params = await searchParams;
  const page = Math.max(1, Number.parseInt(typeof params.page === "string" ? params.page : "1", 10) || 1);
  const orderers = await requestOrderers();
  const filters = parseRequestFilters(params, orderers);
  const { status, origin, orderedBy, company, caseReference, followUps, hideListings } = filters;
  const filtered = Object.keys(requestFilterParams(filters)).length > 0;
  const [{ rows, total, pages }, unsettled] = await Promise.all([listRequests({ ...filters, page }), openIntents()]);
  const query = (p: number) => `?${new URLSearchParams({ ...requestFilterParams(filters), page: String(p) })}`;
  const exportQuery = new URLSearchParams(requestFilterParams(filters)).toString();

  return (
    <div className="space-y-4">
      <RefreshOnLive topic={liveTopics.requests} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-semibold">
            Requests <LiveBadge />
          </h1>
          <p className="text-sm text-muted-foreground">
            Newest first, each order with its follow-ups under it, updated live as webhooks arrive. {total.toLocaleString("en")}{" "}
            {total === 1 ? "request matches" : "requests match"}, not counting follow-ups.
          </p>
        </div>
        <ExportCsvLink href={`/api/requests/export${exportQuery && `?${exportQuery}`}`} />
      </div>
      <OpenIntents intents={unsettled} canCheck={can(user.role, "spendCredits")} />
      <FilterForm
        label="Filter requests"
        fields={[
          { name: "status", label: "Status", value: status, anyLabel: "Any", options: statusOptions },
          { name: "origin", label: "Origin", value: origin, anyLabel: "Any", options: originOptions },
          { name: "user", label: "Ordered by", value: orderedBy, anyLabel: "Anyone", options: asOptions(orderers) },
        ]}
        texts={[
          { name: "company", label: "Company", value: company, placeholder: "Name or number", maxLength: 200 },
          { name: "caseReference", label: "Case reference", value: caseReference, maxLength: caseReferenceMax },
        ]}
        toggles={[
          { name: "followUps", label: "Show follow-ups", checked: followUps, checkedByDefault: defaultRequestFilters.followUps },
          {
            name: "hideListings",
            label: "Hide free listings",
            checked: hideListings,
            checkedByDefault: defaultRequestFilters.hideListings,
          },
        ]}
        clearHref="/requests"
      />
      {rows.length === 0 ? (
        <p role="status" className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          No requests{filtered ? " match these filters" : " yet"}. Requests appear here when they are ordered, or when a webhook brings one
          created by another client of the same account.
        </p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Request</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Case reference</TableHead>
              <TableHead className="text-right">Charged</TableHead>
              <TableHead className="text-right">Version</TableHead>
              <TableHead>Origin</TableHead>
              <TableHead className="w-48">Updated (UTC)</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.flatMap((row) => [
              <TableRow key={row.requestId}>
                <TableCell className="max-w-md">
                  <Link
                    href={requestHref(row.requestId)}
                    className="font-medium underline-offset-4 hover:underline [overflow-wrap:anywhere]"
                  >
                    {row.companyName ?? row.companyId ?? row.requestId}
                  </Link>
                  <div className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                    {[row.countryCode, row.companyId].filter(Boolean).join(" · ") || "Company not reported yet"} · {row.requestId}
                  </div>
                  {row.parentRequestId !== null ? (
                    <UnlistedParent row={row} />
                  ) : (
                    row.purpose === "onboarding" && <div className="text-xs text-muted-foreground">{requestPurposeLabels.onboarding}</div>
                  )}
                  {row.followUps.length > 0 && (
                    <div className="text-xs text-muted-foreground">
                      {row.followUps.length === 1 ? "1 follow-up below" : `${row.followUps.length} follow-ups below`}
                    </div>
                  )}
                </TableCell>
                <RequestCells row={row} />
              </TableRow>,
              ...row.followUps.map((followUp) => (
                <TableRow key={followUp.requestId} className="bg-muted/30">
                  <TableCell className="max-w-md" style={{ paddingLeft: `${0.5 + followUp.depth * 1.25}rem` }}>
                    <div className="flex gap-1">
                      <span aria-hidden="true" className="text-muted-foreground">
                        ↳
                      </span>
                      <div>
                        <Link
                          href={requestHref(followUp.requestId)}
                          className="font-medium underline-offset-4 hover:underline [overflow-wrap:anywhere]"
                        >
                          {followUp.purpose ? requestPurposeLabels[followUp.purpose] : "Follow-up"}
                        </Link>
                        <div className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                          Follow-up of{" "}
                          {followUp.parentRequestId === row.requestId ? (row.companyName ?? row.requestId) : followUp.parentRequestId} ·{" "}
                          {followUp.requestId}
                        </div>
                      </div>
                    </div>
                  </TableCell>
                  <RequestCells row={followUp} />
                </TableRow>
              )),
            ])}
          </TableBody>
        </Table>
      )}
      {pages > 1 && (
        <nav className="flex items-center gap-2 text-sm" aria-label="Pages">
          {page > 1 && <Link href={query(page - 1)}>Previous</Link>}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages && <Link href={query(page + 1)}>Next</Link>}
        </nav>
      )}
    </div>
  );
}

const requestHref = (requestId: string) => `/requests/${encodeURIComponent(requestId)}`;

/** A row that follows a request the list does not show: what it is, and the request it follows (a link when stored here). */
function UnlistedParent({ row }: { row: RequestListGroup }) {
  return (
    <div className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
      {row.purpose ? requestPurposeLabels[row.purpose] : "Follow-up"}, follows{" "}
      {row.parentStored ? (
        <>
          <Link href={requestHref(row.parentRequestId!)} className="underline underline-offset-4">
            {row.parentRequestId}
          </Link>{" "}
          (not in this list)
        </>
      ) : (
        <>{row.parentRequestId} (not stored here)</>
      )}
    </div>
  );
}

/** The cells after the first: status, case reference, charge, version, who ordered it, when it last changed. */
function RequestCells({ row }: { row: RequestListRow }) {
  return (
    <>
      <TableCell>
        {row.complete ? <Badge variant="success">Complete</Badge> : <Badge variant="secondary">In progress</Badge>}
        <div className="text-xs text-muted-foreground">
          {row.datapoints.total === 0 ? "No snapshot yet" : `${row.datapoints.final} of ${row.datapoints.total} final`}
        </div>
      </TableCell>
      <TableCell className="max-w-48 text-sm [overflow-wrap:anywhere]">
        {row.caseReference ?? <span className="text-xs text-muted-foreground">None</span>}
      </TableCell>
      <TableCell className="text-right tabular-nums">
        {row.charged === undefined ? <span className="text-xs text-muted-foreground">Not reported</span> : credits(row.charged)}
      </TableCell>
      <TableCell className="text-right tabular-nums">{row.version || "—"}</TableCell>
      <TableCell>
        {row.origin === "elsewhere" ? (
          <Badge variant="outline">Created elsewhere</Badge>
        ) : (
          <span className="text-sm">{row.orderedBy ?? "This console"}</span>
        )}
      </TableCell>
      <TableCell className="text-sm tabular-nums">{row.updatedAt.slice(0, 19).replace("T", " ")}</TableCell>
    </>
  );
}
