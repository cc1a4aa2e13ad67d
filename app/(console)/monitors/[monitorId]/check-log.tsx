import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { MonitorLogEntry } from "@/lib/registry/schemas.shared";
import { label } from "@/lib/vocabulary/words.shared";
import { utcMinute } from "@/lib/vocabulary/units.shared";

const when = (iso: string) => (Number.isNaN(Date.parse(iso)) ? iso : utcMinute(new Date(iso)));

/** The monitor's checks, newest first, as a timeline; paged by the registry's cursor (`after`). */
export function CheckLog({
  logs,
  nextHref,
  firstHref,
}: {
  logs: MonitorLogEntry[];
  nextHref: string | undefined;
  firstHref: string | undefined;
}) {
  return (
    <section aria-labelledby="check-log-heading" className="space-y-3">
      <h2 id="check-log-heading" className="text-lg font-semibold">
        Check log
      </h2>
      {logs.length === 0 ? (
        <p role="status" className="rounded-md border border-dashed px-4 py-4 text-sm text-muted-foreground">
          No check logged yet. The registry checks each monitored company once a day.
        </p>
      ) : (
        <ol className="space-y-2 border-l pl-4" aria-label="Checks, newest first">
          {logs.map((log) => (
            <li key={log.id} className="space-y-1" data-log-id={log.id}>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <time dateTime={log.createdAt} className="font-medium tabular-nums">
                  {when(log.createdAt)}
                </time>
                <Badge variant={log.fetchStatus === "success" ? "secondary" : "destructive"}>
                  {label("monitorFetchStatus", log.fetchStatus)}
                </Badge>
                {log.changeDetected ? (
                  <Badge variant="warning">Change detected</Badge>
                ) : (
                  <span className="text-muted-foreground">No change</span>
                )}
                {log.changeCategories.map((category) => (
                  <Badge key={category} variant="outline">
                    {label("changeCategory", category)}
                  </Badge>
                ))}
              </div>
              {log.errorMessage && <p className="text-sm text-destructive [overflow-wrap:anywhere]">{log.errorMessage}</p>}
            </li>
          ))}
        </ol>
      )}
      {(firstHref || nextHref) && (
        <nav className="flex gap-3 text-sm" aria-label="Check log pages">
          {firstHref && <Link href={firstHref}>Newest checks</Link>}
          {nextHref && <Link href={nextHref}>Older checks</Link>}
        </nav>
      )}
    </section>
  );
}
