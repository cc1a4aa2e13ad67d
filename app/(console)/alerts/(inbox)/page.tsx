import type { Metadata } from "next";
import Link from "next/link";
import { ExportCsvLink } from "@/components/csv/export-csv-link";
import { LiveBadge } from "@/components/live/live-badge";
import { RefreshOnLive } from "@/components/live/refresh-on-live";
import { Button } from "@/components/ui/button";
import { inboxQuery, isFiltered, parseInboxSearch } from "@/lib/alerts/inbox-filter";
import { inboxPage, inboxTotal } from "@/lib/alerts/inbox-page";
import { assignableUsers } from "@/lib/alerts/triage";
import { can } from "@/lib/auth/capabilities.shared";
import { guardPage } from "@/lib/auth/guard-page";
import { liveTopics } from "@/lib/live/topics.shared";
import { assignAlertsAction, resolveAlertsAction, reviewAlertsAction } from "../actions";
import { InboxFilters } from "../inbox-filters";
import { InboxTable } from "../inbox-table";
import { tableRow } from "../table-row";

export const metadata: Metadata = { title: "Alerts" };

export default async function AlertsPage({ searchParams }: PageProps<"/alerts">) {
  const user = await guardPage("readAlerts");
  const search = parseInboxSearch(await searchParams);
  const [page, total, users] = await Promise.all([inboxPage(search, user.id), inboxTotal(search, user.id), assignableUsers()]);
  const now = new Date();
  const firstPage = inboxQuery({ ...search, after: undefined });

  return (
    <div className="space-y-4">
      {/* A new notification, or anyone's triage, re-renders the inbox (coalesced). */}
      <RefreshOnLive topic={liveTopics.alerts} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-semibold">
            Alerts <LiveBadge />
          </h1>
          <p className="text-sm text-muted-foreground">
            Change notifications from monitors, one alert per monitor while it is open, updated live.{" "}
            <span data-testid="alerts-total">{total.toLocaleString("en")}</span> {total === 1 ? "alert matches" : "alerts match"}.
          </p>
        </div>
        {/* Every page of what the filters select, in this order. */}
        <ExportCsvLink href={`/api/alerts/export${firstPage}`} />
      </div>
      <InboxFilters search={search} users={users} />
      <InboxTable
        empty={
          <p role="status" className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            No alerts{isFiltered(search) ? " match these filters" : " are open"}. An alert opens when a monitor reports a change.
          </p>
        }
        rows={page.rows.map((row) => tableRow(row, now))}
        users={users}
        viewerId={user.id}
        canTriage={can(user.role, "triageAlerts")}
        actions={{ assign: assignAlertsAction, review: reviewAlertsAction, resolve: resolveAlertsAction }}
        dueSort={{
          href: `/alerts${inboxQuery({ ...search, after: undefined, sort: search.sort === "due" ? undefined : "due" })}`,
          active: search.sort === "due",
        }}
      />
      {(search.after !== undefined || page.next !== undefined) && (
        <nav className="flex items-center gap-2 text-sm" aria-label="Pages">
          {search.after !== undefined && (
            <Button asChild variant="outline" size="sm">
              <Link href={`/alerts${firstPage}`}>First page</Link>
            </Button>
          )}
          {page.next !== undefined && (
            <Button asChild variant="outline" size="sm">
              <Link href={`/alerts${inboxQuery({ ...search, after: page.next })}`}>Next page</Link>
            </Button>
          )}
        </nav>
      )}
    </div>
  );
}
