import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { CalendarSlice } from "@/lib/calendar/calendar-entries";
import { filingLabels } from "@/lib/calendar/filing-entries";
import { EntryLinks } from "./entry-links";

/**
 * A list of deadlines under its own heading: due date, filing, company, case references, connection, links. The
 * slice's first rows, with a link to all of them (`moreHref`) when there are more.
 */
export function AgendaTable({
  id,
  title,
  slice: { entries, count },
  empty,
  moreHref,
}: {
  id: string;
  title: string;
  slice: CalendarSlice;
  empty: string;
  moreHref: string;
}) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-semibold">
        {title} <span className="text-sm font-normal text-muted-foreground">({count})</span>
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <Table aria-labelledby={id}>
          <TableHeader>
            <TableRow>
              <TableHead className="w-32">Due</TableHead>
              <TableHead>Filing</TableHead>
              <TableHead>Company</TableHead>
              <TableHead>Case references</TableHead>
              <TableHead>Connection</TableHead>
              <TableHead>Links</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.key} data-entry={entry.key} data-overdue={entry.overdue || undefined}>
                <TableCell className="font-mono text-xs whitespace-nowrap">
                  {entry.dueDate ?? "No date"}
                  {entry.overdue && (
                    <Badge variant="destructive" className="ml-2" title={entry.overdueBecause.join("; ")}>
                      Overdue
                    </Badge>
                  )}
                </TableCell>
                <TableCell>
                  {filingLabels[entry.kind]}
                  {entry.periodEnd && <span className="block text-xs text-muted-foreground">period ending {entry.periodEnd}</span>}
                </TableCell>
                <TableCell>
                  {entry.companyName ?? entry.companyId}
                  <span className="block text-xs text-muted-foreground">
                    {entry.countryCode} {entry.companyId}
                    {entry.monitored && " · monitored"}
                  </span>
                </TableCell>
                <TableCell>{entry.caseReferences.length ? entry.caseReferences.join(", ") : "—"}</TableCell>
                <TableCell>{entry.connection?.name ?? "—"}</TableCell>
                <TableCell>
                  <EntryLinks entry={entry} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {entries.length < count && (
        <p className="text-sm text-muted-foreground">
          The first {entries.length.toLocaleString("en")} of {count.toLocaleString("en")}, soonest first. Narrow them with the filters,{" "}
          <Link className="underline underline-offset-2" href={moreHref}>
            show all {count.toLocaleString("en")}
          </Link>{" "}
          (slower), or download the .ics.
        </p>
      )}
    </section>
  );
}
