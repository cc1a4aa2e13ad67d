import type { Metadata } from "next";
import Link from "next/link";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { guardPage } from "@/lib/auth/guard-page";
import { calendarPage } from "@/lib/calendar/calendar-entries";
import { latestCalendarFeed } from "@/lib/calendar/calendar-feeds";
import { agendaRows, filterParams, parseCalendarQuery, type CalendarQuery, type CalendarView } from "@/lib/calendar/calendar-query";
import { utcDay } from "@/lib/calendar/filing-entries";
import { countryNames, isRegistryCountry } from "@/lib/registry/countries.shared";
import { createFeedAction, revokeFeedAction } from "./actions";
import { AgendaTable } from "./agenda-table";
import { CalendarFilters, suggestedReferencesMax } from "./calendar-filters";
import { FeedPanel } from "./feed-panel";
import { MonthGrid } from "./month-grid";

export const metadata: Metadata = { title: "Calendar" };

const viewLabels: Record<CalendarView, string> = { agenda: "Agenda", month: "Month" };

function calendarHref(query: CalendarQuery, change: Partial<CalendarQuery>): string {
  const next = { ...query, ...change };
  const params = filterParams(next);
  params.set("view", next.view);
  if (next.view === "month") params.set("month", next.month);
  if (next.show) params.set("show", next.show);
  return `/calendar?${params}`;
}

/**
 * Filing deadlines of every stored dossier and monitored company, overdue first, as an agenda or a month; filtered
 * by country, company and case reference in the URL. Server-rendered: the only client part is the feed panel.
 */
export default async function CalendarPage({ searchParams }: PageProps<"/calendar">) {
  const user = await guardPage("readCalendar");
  const now = new Date();
  const today = utcDay(now);
  const { query, problems } = parseCalendarQuery(await searchParams, now);
  const filter = { country: query.country, company: query.company, caseReference: query.caseReference };
  const [page, feed] = await Promise.all([
    calendarPage(filter, {
      now,
      limit: query.show ? undefined : agendaRows,
      month: query.view === "month" ? query.month : undefined,
      referencesMax: suggestedReferencesMax,
    }),
    latestCalendarFeed(user.id),
  ]);
  const countries = page.countries.map((code) => ({ code, label: isRegistryCountry(code) ? `${countryNames[code]} (${code})` : code }));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Calendar</h1>
          <p className="text-sm text-muted-foreground">
            Annual accounts and annual filings due, from the newest snapshot of each company in the stored dossiers and monitors. Dates are
            the registers&apos; (UTC); a filing is overdue once its date has passed or the register says so.{" "}
            {(page.overdue.count + page.upcoming.count).toLocaleString("en")} of {page.total.toLocaleString("en")} deadlines match.
          </p>
        </div>
        <Button asChild variant="outline" size="sm">
          <a href={`/api/calendar/export?${filterParams(query)}`} download>
            <Download className="size-4" aria-hidden /> Download .ics
          </a>
        </Button>
      </div>
      {problems.length > 0 && (
        <ul role="status" className="list-inside list-disc text-sm text-destructive">
          {problems.map((problem) => (
            <li key={problem}>{problem} It is ignored.</li>
          ))}
        </ul>
      )}
      <CalendarFilters query={query} countries={countries} caseReferences={page.caseReferences} />
      <nav aria-label="Calendar views" className="flex gap-2">
        {(Object.keys(viewLabels) as CalendarView[]).map((view) => (
          <Button key={view} asChild size="sm" variant={query.view === view ? "default" : "outline"}>
            <Link href={calendarHref(query, { view })} aria-current={query.view === view ? "page" : undefined}>
              {viewLabels[view]}
            </Link>
          </Button>
        ))}
      </nav>
      <AgendaTable
        id="overdue-heading"
        title="Overdue"
        slice={page.overdue}
        empty="Nothing overdue matches."
        moreHref={calendarHref(query, { show: "all" })}
      />
      {query.view === "agenda" ? (
        <AgendaTable
          id="upcoming-heading"
          title="Upcoming"
          slice={page.upcoming}
          empty="No upcoming deadline matches."
          moreHref={calendarHref(query, { show: "all" })}
        />
      ) : (
        <MonthGrid
          month={query.month}
          entries={page.upcoming.entries}
          today={today}
          monthHref={(month) => calendarHref(query, { month })}
        />
      )}
      <FeedPanel
        feed={feed && !feed.revokedAt ? { id: feed.id, createdAt: feed.createdAt.toISOString() } : null}
        revoked={feed?.revokedAt ? { at: feed.revokedAt.toISOString(), reason: feed.revokedReason } : null}
        actions={{ create: createFeedAction, revoke: revokeFeedAction }}
      />
    </div>
  );
}
