import type { TimelineEntry } from "@/lib/webhooks/ledger-queries";
import type { DeliveryOutcome } from "@/lib/webhooks/outcomes";
import { formatGap, formatProcessingMs, utcTime } from "../../delivery-time";
import { OutcomeBadge } from "../../outcome-badge";
import { markedLabel } from "@/lib/vocabulary/words.shared";

const dotClass: Record<DeliveryOutcome, string> = {
  applied: "bg-success",
  stale: "bg-muted-foreground",
  duplicate: "border-2 border-muted-foreground bg-background",
  failed: "bg-destructive",
  unhandled: "bg-warning",
  mismatch: "bg-destructive",
};

/** A request's deliveries as a vertical timeline, oldest first, with the wait between each and the one before. */
export function DeliveryTimeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol aria-label="Deliveries, oldest first" className="relative ml-2 border-l pl-6">
      {entries.map((entry, index) => (
        <li key={entry.id} data-testid="timeline-entry" className="relative pb-6 last:pb-0">
          <span aria-hidden className={`absolute top-1.5 -left-[31px] size-3 rounded-full ${dotClass[entry.outcome]}`} />
          {entry.gapMs !== null && (
            <p className="mb-1 text-xs text-muted-foreground" data-testid="timeline-gap">
              +{formatGap(entry.gapMs)} after the previous delivery
            </p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-xs">{utcTime(entry.receivedAt)} UTC</span>
            <span className="text-sm font-medium" data-testid="timeline-version">
              {entry.version === null ? "No version" : `Version ${entry.version}`}
            </span>
            <OutcomeBadge outcome={entry.outcome} />
            {index === 0 && <span className="text-xs text-muted-foreground">first delivery</span>}
          </div>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-xs text-muted-foreground">
            <dt>Type</dt>
            <dd>{markedLabel("webhookEventType", entry.type)}</dd>
            {entry.detail && (
              <>
                <dt>Detail</dt>
                <dd>{entry.detail}</dd>
              </>
            )}
            <dt>Message id</dt>
            <dd className="font-mono break-all">{entry.messageId}</dd>
            <dt>Connection</dt>
            <dd>{entry.connectionName}</dd>
            <dt>Processing</dt>
            <dd>{formatProcessingMs(entry.processingMs)} ms</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}
