import "server-only";
import { z } from "zod";
import { eventFilterParams, type EventFilter } from "./event-filter.shared";
import type { MergedBillingEvent } from "./merge-billing-events";

/** The stored billing events as CSV. Pure (the row mapping and the filters of the export). */
export const billingEventsCsvHeader = [
  "event id",
  "kind",
  "identifier",
  "workspace id",
  "fired at",
  "received at",
  "email sent",
  "webhook sent",
  "payload",
];

const stated = (sent: boolean | null) => (sent === null ? "" : sent ? "yes" : "no");

/** One stored event as the cells of its line; what the delivery did not state is an empty cell. The payload is kept whole, as JSON. */
export function billingEventCsvCells(event: MergedBillingEvent, receivedAt: Date): string[] {
  return [
    event.id,
    event.kind,
    event.identifier,
    event.workspaceId ?? "",
    event.firedAt,
    receivedAt.toISOString(),
    stated(event.emailSent),
    stated(event.webhookSent),
    JSON.stringify(event.payload),
  ];
}

/** The list's filters, and the days (UTC, both included) the events were received in; either day may be left open. */
export type BillingEventsExportFilters = EventFilter & { from?: string; to?: string };

const day = z.iso.date();

/** The export's filters from its URL: the list's own parameters, then `from` and `to`; a day that is not one is refused by name. */
export function parseBillingEventsExport(
  params: URLSearchParams,
): { ok: true; filters: BillingEventsExportFilters } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const dayOf = (name: "from" | "to") => {
    const value = params.get(name)?.trim();
    if (!value) return undefined;
    if (day.safeParse(value).success) return value;
    problems.push(`"${value}" is not a day (YYYY-MM-DD) for "${name}".`);
    return undefined;
  };
  const filters = {
    kind: params.get(eventFilterParams.kind)?.trim() ?? "",
    workspace: params.get(eventFilterParams.workspace)?.trim() ?? "",
    from: dayOf("from"),
    to: dayOf("to"),
  };
  if (filters.from && filters.to && filters.from > filters.to)
    problems.push(`The range starts (${filters.from}) after it ends (${filters.to}).`);
  return problems.length ? { ok: false, problems } : { ok: true, filters };
}
