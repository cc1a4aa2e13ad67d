import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { HomeCard } from "@/components/home/home-card";
import { dossierPath, entryTitle, type FilingEntry } from "@/lib/calendar/filing-entries";
import type { UpcomingDeadlines } from "@/lib/calendar/upcoming-deadlines";

function DeadlineList({ entries, label }: { entries: FilingEntry[]; label: string }) {
  return (
    <ul aria-label={label} className="space-y-1 text-sm">
      {entries.map((entry) => (
        <li key={entry.key} className="flex items-baseline gap-2">
          <span className="w-24 shrink-0 font-mono text-xs">{entry.dueDate ?? "No date"}</span>
          <Link href={dossierPath(entry)} className="truncate underline-offset-2 hover:underline">
            {entryTitle(entry)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The home page's deadlines card: how many filings are overdue and due in the next `days` days, the first of each
 * linking to its company file, and a link to the full calendar. A server component: give it `upcomingDeadlines()`'s answer.
 */
export function UpcomingDeadlinesCard({ deadlines }: { deadlines: UpcomingDeadlines }) {
  const { overdue, upcoming, days } = deadlines;
  const more = overdue.count + upcoming.count > overdue.entries.length + upcoming.entries.length;
  return (
    <HomeCard title="Filing deadlines" href="/calendar" linkLabel={`Open the calendar${more ? " (more deadlines there)" : ""}`}>
      <p data-testid="upcoming-deadlines">
        {overdue.count > 0 && (
          <Badge variant="destructive" className="mr-2">
            {overdue.count.toLocaleString("en")} overdue
          </Badge>
        )}
        {upcoming.count.toLocaleString("en")} due in the next {days} days.
      </p>
      {overdue.count > 0 && <DeadlineList entries={overdue.entries} label="Overdue filings" />}
      {upcoming.count > 0 ? (
        <DeadlineList entries={upcoming.entries} label={`Filings due in the next ${days} days`} />
      ) : (
        <p className="text-muted-foreground">Nothing falls due in the next {days} days.</p>
      )}
    </HomeCard>
  );
}
