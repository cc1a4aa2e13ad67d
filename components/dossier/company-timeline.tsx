import Link from "next/link";
import { utcMinute } from "@/lib/vocabulary/units.shared";
import type { TimelineEvent } from "@/lib/portfolio/company-timeline";

/**
 * A company's timeline (lib/portfolio/company-timeline.ts), newest first: when, what, who, and a link to where it
 * is recorded. Shows the first `shown` events; when there are more, a link to the whole timeline (`wholeHref`), or,
 * already on it, a sentence saying only the newest are shown.
 */
export function CompanyTimeline({ events, shown, wholeHref }: { events: TimelineEvent[]; shown: number; wholeHref?: string }) {
  const listed = events.slice(0, shown);
  return (
    <section id="timeline" aria-labelledby="timeline-heading" className="space-y-3 rounded-md border p-4">
      <h2 id="timeline-heading" className="text-base font-semibold">
        Timeline
      </h2>
      {listed.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nothing has happened to this company through this connection yet: no request, monitor, alert or evidence pack.
        </p>
      ) : (
        <ol className="space-y-3 border-l pl-4" data-testid="company-timeline">
          {listed.map((event) => (
            <li key={event.id} data-event-kind={event.kind} className="text-sm">
              <p className="[overflow-wrap:anywhere]">
                <time dateTime={event.at.toISOString()} className="text-muted-foreground tabular-nums">
                  {utcMinute(event.at)}
                </time>{" "}
                {event.href ? (
                  <Link href={event.href} className="font-medium underline underline-offset-4">
                    {event.title}
                  </Link>
                ) : (
                  <span className="font-medium">{event.title}</span>
                )}
                {event.who && <span className="text-muted-foreground"> by {event.who}</span>}
              </p>
              {event.detail && <p className="text-muted-foreground [overflow-wrap:anywhere]">{event.detail}</p>}
            </li>
          ))}
        </ol>
      )}
      {events.length > shown &&
        (wholeHref ? (
          <p className="text-sm">
            <Link href={wholeHref} className="underline underline-offset-4">
              Show the whole timeline
            </Link>
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">Showing the newest {shown.toLocaleString("en")} events.</p>
        ))}
    </section>
  );
}
