"use client";

import { useSearchParams } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { accountLevel, eventFilterParams, matchesEventFilter } from "@/lib/billing/event-filter.shared";
import type { SeenBy } from "@/lib/billing/merge-billing-events";
import type { EventWords } from "./events-words";
import { ExportEventsForm } from "./export-events-form";

/** One billing event as the list shows it, already in words (the page builds these on the server). */
export type EventRow = {
  id: string;
  kind: string;
  kindLabel: string;
  identifier: string;
  /** The workspace's id, or null for an account-level event. */
  workspaceId: string | null;
  workspaceLabel: string;
  firedAt: string;
  words: EventWords;
  emailSent: boolean | null;
  webhookSent: boolean | null;
  seenBy: SeenBy;
};

export type FilterChoice = { value: string; label: string };

const seenWords: Record<SeenBy, string> = {
  registry: "registry",
  webhook: "webhook",
  both: "registry and webhook",
};

const sentWords = (sent: boolean | null, what: string) => (sent === null ? `${what}: not stated` : sent ? `${what} sent` : `no ${what}`);

/**
 * The recent billing events, filtered by kind and workspace. The filters live in the URL (`eventKind`,
 * `eventWorkspace`), so a link repeats them; they are applied here, in the browser, with history.replaceState,
 * which Next's router follows without asking the server again.
 */
export function EventsList({ rows, kinds, workspaces }: { rows: EventRow[]; kinds: FilterChoice[]; workspaces: FilterChoice[] }) {
  const params = useSearchParams();
  const kind = params.get(eventFilterParams.kind) ?? "";
  const workspace = params.get(eventFilterParams.workspace) ?? "";
  const shown = rows.filter((row) => matchesEventFilter(row, { kind, workspace }));

  const choose = (name: string, value: string) => {
    // From the address as it is now, not this render's params: when two choices follow quickly (a kind, then a
    // workspace) before the router has caught up with the first, the second keeps the first instead of undoing it.
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(name, value);
    else next.delete(name);
    const query = next.toString();
    window.history.replaceState(null, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Filter billing events">
        <label className="flex flex-col gap-1 text-sm">
          Kind
          <NativeSelect value={kind} onChange={(e) => choose(eventFilterParams.kind, e.target.value)}>
            <option value="">Any kind</option>
            {kinds.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </NativeSelect>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Workspace
          <NativeSelect value={workspace} onChange={(e) => choose(eventFilterParams.workspace, e.target.value)}>
            <option value="">Any workspace</option>
            <option value={accountLevel}>The account (no workspace)</option>
            {workspaces.map((w) => (
              <option key={w.value} value={w.value}>
                {w.label}
              </option>
            ))}
          </NativeSelect>
        </label>
        <p className="pb-2 text-sm text-muted-foreground" role="status" data-testid="billing-events-count">
          {shown.length === rows.length ? `${rows.length} events` : `${shown.length} of ${rows.length} events`}
        </p>
      </div>
      <ExportEventsForm filter={{ kind, workspace }} />
      {shown.length === 0 ? (
        <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          {rows.length === 0
            ? "No billing events yet. The registry fires one when the balance falls through a low-balance tier, a workspace's spend reaches a high-usage tier, or an auto top-up runs."
            : "No billing events match these filters."}
        </p>
      ) : (
        <Table aria-label="Recent billing events" stacked>
          <TableHeader>
            <TableRow>
              <TableHead>Fired (UTC)</TableHead>
              <TableHead>Kind</TableHead>
              <TableHead>What happened</TableHead>
              <TableHead>Sent</TableHead>
              <TableHead>Seen by</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((row) => (
              <TableRow key={row.id} data-billing-event={row.id} data-kind={row.kind} data-seen-by={row.seenBy}>
                <TableCell className="whitespace-nowrap" data-label="Fired (UTC)">
                  {row.firedAt}
                </TableCell>
                <TableCell data-label="Kind">
                  <Badge variant="outline">{row.kindLabel}</Badge>
                  {row.identifier && <span className="ml-1 text-xs text-muted-foreground">{row.identifier}</span>}
                </TableCell>
                <TableCell data-label="What happened">
                  {row.words.sentence ?? (
                    <>
                      <span className="text-muted-foreground">Not a shape this console knows; as sent: </span>
                      <code className="break-all text-xs">{row.words.raw}</code>
                      {/* A sentence names its workspace; raw JSON may not. */}
                      <span className="block text-xs text-muted-foreground">{row.workspaceLabel}</span>
                    </>
                  )}
                </TableCell>
                <TableCell className="whitespace-nowrap text-xs" data-label="Sent">
                  {sentWords(row.emailSent, "email")}
                  <br />
                  {sentWords(row.webhookSent, "webhook")}
                </TableCell>
                <TableCell className="whitespace-nowrap text-xs" data-label="Seen by">
                  {seenWords[row.seenBy]}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
