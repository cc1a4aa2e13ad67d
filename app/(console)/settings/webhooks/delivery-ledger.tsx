import Link from "next/link";
import { Button } from "@/components/ui/button";
import { FilterForm } from "@/components/filters/filter-form";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { deliveryOutcomes } from "@/db/vocabulary";
import type { LedgerCursor, LedgerPage } from "@/lib/webhooks/ledger-queries";
import { deliveryOutcomeLabels } from "@/lib/webhooks/outcomes";
import { formatProcessingMs, utcTime } from "./delivery-time";
import { ledgerQuery, type LedgerSearch } from "./ledger-search-params";
import { OutcomeBadge } from "./outcome-badge";
import { markedLabel } from "@/lib/vocabulary/words.shared";

export const timelineHref = (requestId: string) => `/settings/webhooks/requests/${encodeURIComponent(requestId)}`;

function PageLink({ search, cursor, children }: { search: LedgerSearch; cursor?: LedgerCursor; children: string }) {
  if (!cursor) {
    return (
      <Button variant="outline" size="sm" disabled>
        {children}
      </Button>
    );
  }
  return (
    <Button asChild variant="outline" size="sm">
      <Link href={`/settings/webhooks${ledgerQuery({ ...search, before: undefined, after: undefined, ...cursor })}#ledger`}>
        {children}
      </Link>
    </Button>
  );
}

/** The ledger: every verified delivery, newest first, with its filters in the URL. */
export function DeliveryLedger({
  search,
  page,
  connections,
  types,
}: {
  search: LedgerSearch;
  page: LedgerPage;
  connections: { id: string; name: string }[];
  types: string[];
}) {
  const filtered = Boolean(search.connection || search.type || search.outcome || search.requestId);
  const paged = search.before !== undefined || search.after !== undefined;
  // A filter value from the URL that the lists do not offer (yet) stays selectable.
  const typeOptions = search.type && !types.includes(search.type) ? [...types, search.type] : types;

  return (
    <section id="ledger" aria-labelledby="ledger-heading" className="space-y-3">
      <div>
        <h2 id="ledger-heading" className="text-lg font-semibold">
          Delivery ledger
        </h2>
        <p className="text-sm text-muted-foreground">
          Every verified delivery, newest first. {page.total.toLocaleString("en")}{" "}
          {page.total === 1 ? "delivery matches" : "deliveries match"}.
        </p>
      </div>
      <FilterForm
        label="Filter the ledger"
        action="/settings/webhooks#ledger"
        fields={[
          {
            name: "connection",
            label: "Connection",
            value: search.connection,
            anyLabel: "All connections",
            options: connections.map((c) => ({ value: c.id, label: c.name })),
          },
          {
            name: "type",
            label: "Type",
            value: search.type,
            anyLabel: "All types",
            options: typeOptions.map((t) => ({ value: t, label: markedLabel("webhookEventType", t) })),
          },
          {
            name: "outcome",
            label: "Outcome",
            value: search.outcome,
            anyLabel: "All outcomes",
            options: deliveryOutcomes.map((o) => ({ value: o, label: deliveryOutcomeLabels[o] })),
          },
        ]}
        texts={[{ name: "requestId", label: "Request id", value: search.requestId, placeholder: "req_…", maxLength: 200 }]}
        clearHref="/settings/webhooks#ledger"
      />
      <Table aria-label="Delivery ledger">
        <TableHeader>
          <TableRow>
            <TableHead className="w-52">Received (UTC)</TableHead>
            <TableHead>Connection</TableHead>
            <TableHead>Type</TableHead>
            <TableHead>Request / monitor</TableHead>
            <TableHead className="text-right">Version</TableHead>
            <TableHead>Outcome</TableHead>
            <TableHead>Detail</TableHead>
            <TableHead className="text-right">Processing (ms)</TableHead>
            <TableHead>Message id</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {page.entries.length === 0 && (
            <TableRow>
              <TableCell colSpan={9} className="py-8 text-center text-muted-foreground">
                {paged ? (
                  <>
                    This page has left the ledger.{" "}
                    <Link
                      href={`/settings/webhooks${ledgerQuery({ ...search, before: undefined, after: undefined })}#ledger`}
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      Show the newest deliveries
                    </Link>
                    .
                  </>
                ) : filtered ? (
                  "No deliveries match these filters."
                ) : (
                  "No deliveries yet: configure each connection's URL at the vendor under Developers → Webhooks."
                )}
              </TableCell>
            </TableRow>
          )}
          {page.entries.map((entry) => (
            <TableRow key={entry.id} data-testid="ledger-row">
              <TableCell className="font-mono text-xs whitespace-nowrap">{utcTime(entry.receivedAt)}</TableCell>
              <TableCell className="max-w-40 truncate">{entry.connectionName}</TableCell>
              <TableCell data-event-type={entry.type}>{markedLabel("webhookEventType", entry.type)}</TableCell>
              <TableCell className="font-mono text-xs">
                {entry.requestId ? (
                  <Link
                    href={timelineHref(entry.requestId)}
                    className="text-primary underline-offset-4 hover:underline"
                    title="This request's deliveries as a timeline"
                  >
                    {entry.requestId}
                  </Link>
                ) : entry.monitorId ? (
                  <span title="Monitor">{entry.monitorId}</span>
                ) : (
                  "—"
                )}
              </TableCell>
              <TableCell className="text-right tabular-nums">{entry.version ?? "—"}</TableCell>
              <TableCell>
                <OutcomeBadge outcome={entry.outcome} />
              </TableCell>
              <TableCell className="max-w-72 truncate text-xs" title={entry.detail ?? undefined}>
                {entry.detail ?? "—"}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatProcessingMs(entry.processingMs)}</TableCell>
              <TableCell className="max-w-44 truncate font-mono text-xs" title={entry.messageId}>
                {entry.messageId}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <nav aria-label="Ledger pages" className="flex items-center justify-end gap-2 text-sm">
        {paged && (
          <Button asChild variant="ghost" size="sm">
            <Link href={`/settings/webhooks${ledgerQuery({ ...search, before: undefined, after: undefined })}#ledger`}>Newest</Link>
          </Button>
        )}
        <PageLink search={search} cursor={page.newer}>
          Newer
        </PageLink>
        <PageLink search={search} cursor={page.older}>
          Older
        </PageLink>
      </nav>
    </section>
  );
}
