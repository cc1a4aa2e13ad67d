import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { RefreshOnLive } from "@/components/live/refresh-on-live";
import { guardPage } from "@/lib/auth/guard-page";
import { can } from "@/lib/auth/capabilities";
import { liveTopics } from "@/lib/live/topics";
import { openIntents } from "@/lib/orders/paid-request-intents";
import { listRequests, requestOrderers, requestStatusFilters, type RequestStatusFilter } from "@/lib/requests/list-requests";
import { requestOrigins, type RequestOrigin } from "@/lib/requests/origins";
import { OpenIntents } from "./open-intents";

export const metadata: Metadata = { title: "Requests" };

const selectClass = "h-9 rounded-md border border-input bg-background px-3 text-sm";

const pick = <T extends string>(values: readonly T[], value: string | string[] | undefined): T | undefined =>
  typeof value === "string" && (values as readonly string[]).includes(value) ? (value as T) : undefined;

export default async function RequestsPage({ searchParams }: PageProps<"/requests">) {
  const user = await guardPage("readDossiers");
  const params = await searchParams;
  const status = pick<RequestStatusFilter>(requestStatusFilters, params.status);
  const origin = pick<RequestOrigin>(requestOrigins, params.origin);
  const page = Math.max(1, Number.parseInt(typeof params.page === "string" ? params.page : "1", 10) || 1);
  const orderers = await requestOrderers();
  const orderedBy = typeof params.user === "string" && orderers.includes(params.user) ? params.user : undefined;
  const [{ rows, total, pages }, unsettled] = await Promise.all([listRequests({ status, origin, orderedBy, page }), openIntents()]);
  const query = (p: number) => `?${new URLSearchParams({ ...(status && { status }), ...(origin && { origin }), ...(orderedBy && { user: orderedBy }), page: String(p) })}`;

  return (
    <div className="space-y-4">
      <RefreshOnLive topic={liveTopics.requests} />
      <div>
        <h1 className="text-2xl font-semibold">Requests</h1>
        <p className="text-sm text-muted-foreground">Newest first, updated live as webhooks arrive. {total.toLocaleString("en")} match.</p>
      </div>
      <OpenIntents intents={unsettled} canCheck={can(user.role, "spendCredits")} />
      <form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter requests">
        <label className="flex flex-col gap-1 text-sm">
          Status
          <select name="status" defaultValue={status ?? ""} className={selectClass}>
            <option value="">Any</option>
            <option value="in_progress">In progress</option>
            <option value="complete">Complete</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Origin
          <select name="origin" defaultValue={origin ?? ""} className={selectClass}>
            <option value="">Any</option>
            <option value="console">Ordered in this console</option>
            <option value="elsewhere">Created elsewhere</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Ordered by
          <select name="user" defaultValue={orderedBy ?? ""} className={selectClass}>
            <option value="">Anyone</option>
            {orderers.map((email) => (
              <option key={email} value={email}>
                {email}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" size="sm">
          Apply
        </Button>
      </form>
      {rows.length === 0 ? (
        <p role="status" className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          No requests{status || origin || orderedBy ? " match these filters" : " yet"}. Requests appear here when they are ordered, or when a webhook brings one created by another client of the same account.
        </p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Company</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Charged</TableHead>
              <TableHead className="text-right">Version</TableHead>
              <TableHead>Origin</TableHead>
              <TableHead className="w-48">Updated (UTC)</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.requestId}>
                <TableCell className="max-w-md">
                  <Link href={`/requests/${encodeURIComponent(row.requestId)}`} className="font-medium underline-offset-4 hover:underline [overflow-wrap:anywhere]">
                    {row.companyName ?? row.companyId ?? row.requestId}
                  </Link>
                  <div className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                    {[row.countryCode, row.companyId].filter(Boolean).join(" · ") || "Company not reported yet"} · {row.requestId}
                  </div>
                </TableCell>
                <TableCell>
                  {row.complete ? <Badge variant="success">Complete</Badge> : <Badge variant="secondary">In progress</Badge>}
                  <div className="text-xs text-muted-foreground">
                    {row.datapoints.total === 0 ? "No snapshot yet" : `${row.datapoints.final} of ${row.datapoints.total} final`}
                  </div>
                </TableCell>
                <TableCell className="text-right tabular-nums">{row.charged === undefined ? <span className="text-xs text-muted-foreground">Not reported</span> : `${row.charged} cr`}</TableCell>
                <TableCell className="text-right tabular-nums">{row.version || "—"}</TableCell>
                <TableCell>
                  {row.origin === "elsewhere" ? <Badge variant="outline">Created elsewhere</Badge> : <span className="text-sm">{row.orderedBy ?? "This console"}</span>}
                </TableCell>
                <TableCell className="text-sm tabular-nums">{row.updatedAt.slice(0, 19).replace("T", " ")}</TableCell>
              </TableRow>
            ))}
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
