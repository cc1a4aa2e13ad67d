import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { eventFilterParams, type EventFilter } from "@/lib/billing/event-filter.shared";

/**
 * Downloads every billing event stored for the connection as CSV, with the list's kind and workspace filters and,
 * when given, only those received within a range of days. A plain GET form: the route answers with an attachment.
 */
export function ExportEventsForm({ filter }: { filter: EventFilter }) {
  return (
    <form method="get" action="/api/billing/events/export" className="flex flex-wrap items-end gap-3" aria-label="Export billing events">
      {filter.kind && <input type="hidden" name={eventFilterParams.kind} value={filter.kind} />}
      {filter.workspace && <input type="hidden" name={eventFilterParams.workspace} value={filter.workspace} />}
      <label className="flex flex-col gap-1 text-sm">
        Received from
        <Input type="date" name="from" className="w-40" />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Received to
        <Input type="date" name="to" className="w-40" />
      </label>
      <Button type="submit" variant="outline" size="sm">
        <Download className="size-4" aria-hidden /> Export CSV
      </Button>
      <p className="pb-2 text-sm text-muted-foreground">
        Every event its webhooks delivered to this console, not only the latest, with the kind and workspace chosen above; leave the days
        empty for all of them.
      </p>
    </form>
  );
}
