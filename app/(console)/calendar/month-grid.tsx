import Link from "next/link";
import { cn } from "@/lib/cn.shared";
import { dossierPath, entryTitle, filingLabels, type FilingEntry } from "@/lib/calendar/filing-entries";

const weekdays = [
  ["Mon", "Monday"],
  ["Tue", "Tuesday"],
  ["Wed", "Wednesday"],
  ["Thu", "Thursday"],
  ["Fri", "Friday"],
  ["Sat", "Saturday"],
  ["Sun", "Sunday"],
] as const;

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/** The month before or after YYYY-MM. */
export function shiftMonth(month: string, by: number): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + by);
  return date.toISOString().slice(0, 7);
}

/** The month's days in weeks from Monday, null where a week runs into the months around it. */
function weeksOf(month: string): (string | null)[][] {
  const first = new Date(`${month}-01T00:00:00Z`);
  const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: (first.getUTCDay() + 6) % 7 }, () => null);
  for (let day = 1; day <= days; day++) cells.push(`${month}-${String(day).padStart(2, "0")}`);
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** A month as a table of weeks (a real table: its column headers name the weekdays), each day listing its deadlines. */
export function MonthGrid({
  month,
  entries,
  today,
  monthHref,
}: {
  month: string;
  entries: FilingEntry[];
  today: string;
  monthHref: (month: string) => string;
}) {
  const byDay = new Map<string, FilingEntry[]>();
  for (const entry of entries) {
    if (entry.dueDate?.startsWith(month)) byDay.set(entry.dueDate, [...(byDay.get(entry.dueDate) ?? []), entry]);
  }
  return (
    <section aria-labelledby="month-heading" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="month-heading" className="text-lg font-semibold">
          {monthName(month)}
        </h2>
        <nav aria-label="Months" className="flex gap-3 text-sm">
          <Link href={monthHref(shiftMonth(month, -1))} className="underline underline-offset-2">
            Previous month<span className="sr-only">: {monthName(shiftMonth(month, -1))}</span>
          </Link>
          <Link href={monthHref(today.slice(0, 7))} className="underline underline-offset-2">
            This month
          </Link>
          <Link href={monthHref(shiftMonth(month, 1))} className="underline underline-offset-2">
            Next month<span className="sr-only">: {monthName(shiftMonth(month, 1))}</span>
          </Link>
        </nav>
      </div>
      {/* Relative: the cells' screen-reader texts (absolutely placed) stay in this box, not past the page's edge. */}
      <div className="relative overflow-x-auto">
        <table
          className="w-full min-w-[42rem] table-fixed border-collapse text-sm"
          aria-labelledby="month-heading"
          data-testid="month-grid"
        >
          <thead>
            <tr>
              {weekdays.map(([short, long]) => (
                <th key={short} scope="col" abbr={long} className="border-b p-2 text-left font-medium text-muted-foreground">
                  {short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeksOf(month).map((week, index) => (
              <tr key={index}>
                {week.map((day, column) => {
                  const due = day ? (byDay.get(day) ?? []) : [];
                  return (
                    <td
                      key={day ?? `blank-${column}`}
                      className={cn("h-24 border p-1 align-top", !day && "bg-muted/40", day === today && "ring-2 ring-primary ring-inset")}
                      data-day={day ?? undefined}
                    >
                      {day && (
                        <>
                          <span className="text-xs text-muted-foreground">
                            <span aria-hidden>{Number(day.slice(8))}</span>
                            <span className="sr-only">
                              {new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", timeZone: "UTC" })}
                            </span>
                            {day === today && <span className="sr-only"> (today)</span>}
                          </span>
                          {due.length > 0 && (
                            <ul className="mt-1 space-y-1">
                              {due.map((entry) => (
                                <li key={entry.key}>
                                  <Link
                                    href={dossierPath(entry)}
                                    title={entryTitle(entry)}
                                    className={cn(
                                      "block truncate rounded px-1 text-xs underline-offset-2 hover:underline",
                                      entry.overdue ? "bg-destructive/10 text-destructive" : "bg-primary/10",
                                    )}
                                  >
                                    {entry.overdue && <span className="font-semibold">Overdue: </span>}
                                    {filingLabels[entry.kind]}, {entry.companyName ?? entry.companyId}
                                  </Link>
                                </li>
                              ))}
                            </ul>
                          )}
                        </>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
