"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { AlertStateBadge, DueBadge, TestBadge } from "@/components/alerts/alert-badges";
import { AssigneePicker } from "@/components/alerts/assignee-picker";
import { ResolveForm } from "@/components/alerts/resolve-form";
import {
  describeBulk,
  failureText,
  type Assignee,
  type BulkAnswer,
  type TriageActions,
  type TriageResult,
} from "@/components/alerts/triage-controls";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { DueTone } from "@/lib/alerts/due-label";
import { alertOutcomeLabels, type AlertState } from "@/lib/alerts/labels.shared";
import { cn } from "@/lib/cn.shared";
import { isRiskMonitorId } from "@/lib/alerts/risk-monitor-id.shared";

export type InboxTableRow = {
  id: number;
  company: string;
  place: string;
  monitorId: string;
  state: AlertState;
  categories: string;
  isTest: boolean;
  deactivation: string | null;
  assignee: string | null;
  /** The due label of an open alert; a resolved one shows its outcome instead. */
  due: { text: string; tone: DueTone } | null;
  outcome: string | null;
  lastNotified: string;
  notificationCount: number;
  /** Set on a row showing a change the server has not answered yet. */
  pending?: true;
};

/** A change shown before the server answers: the rows it touches, and how each then reads. */
type Guess = { ids: readonly number[]; patch: (row: InboxTableRow) => Partial<InboxTableRow> };

/** The server's answers since the page's rows were rendered; newer rows from the server (a refresh) replace them. */
type Answers = { base: readonly InboxTableRow[]; rows: ReadonlyMap<number, InboxTableRow> };

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/**
 * The inbox's rows with their bulk actions. Keyboard like Search: j/k or the arrow keys move between rows (from
 * anywhere on the page but a field), Enter opens the alert, x selects it.
 */
export function InboxTable({
  rows,
  users,
  viewerId,
  canTriage,
  actions,
  dueSort,
  empty,
}: {
  /** What shows instead of the table when no alert is on the page (the last bulk result stays above it). */
  empty: React.ReactNode;
  /** The Due column's header sorts: the link to the other order, and whether the inbox is sorted by due date now. */
  dueSort: { href: string; active: boolean };
  rows: InboxTableRow[];
  users: readonly Assignee[];
  viewerId: string;
  canTriage: boolean;
  actions: TriageActions<InboxTableRow>;
}) {
  const [answers, setAnswers] = useState<Answers>();
  const answered = answers?.base === rows ? rows.map((row) => answers.rows.get(row.id) ?? row) : rows;
  // Plain state, not useOptimistic: see AlertView (an optimistic value would wait for the live refresh too).
  const [guess, setGuess] = useState<Guess>();
  const shown = guess
    ? answered.map((row) => (guess.ids.includes(row.id) ? { ...row, ...guess.patch(row), pending: true as const } : row))
    : answered;
  const pending = guess !== undefined;
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [active, setActive] = useState(-1);
  const [message, setMessage] = useState<{ message: string; failed: boolean }>();
  const links = useRef(new Map<number, HTMLAnchorElement>());
  // Rows come and go with live updates: keep only selections still on the page.
  const chosen = rows.filter((r) => selected.has(r.id)).map((r) => r.id);

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActive(next);
    links.current.get(rows[next]!.id)?.focus();
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target) || rows.length === 0) return;
      const inTable = event.target instanceof HTMLElement && event.target.closest("[data-inbox]") !== null;
      if (event.key === "j" || (inTable && event.key === "ArrowDown")) {
        event.preventDefault();
        moveTo(active + 1);
      } else if (event.key === "k" || (inTable && event.key === "ArrowUp")) {
        event.preventDefault();
        moveTo(active - 1);
      } else if (event.key === "x" && canTriage && active >= 0) {
        event.preventDefault();
        toggle(rows[active]!.id);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  });

  /**
   * Shows the change on the chosen rows at once, then the server's answer in its place: the changed rows as they are
   * now, and a refusal's reason (the guess then goes, restoring the rows). Only those rows re-render.
   */
  const run = async (verb: string, patch: Guess["patch"], call: () => Promise<TriageResult<BulkAnswer<InboxTableRow>>>) => {
    setGuess({ ids: chosen, patch });
    const result = await call().catch(() => undefined);
    setGuess(undefined);
    if (!result?.ok) {
      setMessage({
        message: result ? failureText(result) : "The console did not answer: the change may not have been saved. Reload the page to see.",
        failed: true,
      });
      return;
    }
    setAnswers((previous) => {
      const next = new Map(previous?.base === rows ? previous.rows : []);
      for (const row of result.data.rows) next.set(row.id, row);
      return { base: rows, rows: next };
    });
    const described = describeBulk(result.data, verb);
    setMessage(described);
    if (!described.failed) setSelected(new Set());
  };

  const allChosen = rows.length > 0 && chosen.length === rows.length;

  return (
    <div className="space-y-3">
      {canTriage && rows.length === 0 && message && (
        <p role={message.failed ? "alert" : "status"} className={cn("text-sm", message.failed && "text-destructive")}>
          {message.message}
        </p>
      )}
      {canTriage && rows.length > 0 && (
        <section aria-label="Bulk actions" className="flex flex-wrap items-end gap-4 rounded-md border p-3">
          <p className="w-full text-sm text-muted-foreground" aria-live="polite">
            {chosen.length === 0 ? "Select alerts (x on a row) to act on several at once." : `${chosen.length} selected.`}
          </p>
          <AssigneePicker
            users={users}
            viewerId={viewerId}
            disabled={pending || chosen.length === 0}
            label="Assign selected to"
            onAssign={(assigneeId) =>
              void run(
                "assigned",
                () => ({ assignee: users.find((u) => u.id === assigneeId)?.email ?? null }),
                () => actions.assign({ alertIds: chosen, assigneeId }),
              )
            }
          />
          <Button
            variant="outline"
            disabled={pending || chosen.length === 0}
            onClick={() =>
              void run(
                "moved to in review",
                (row) => (row.state === "new" ? { state: "in_review" } : {}),
                () => actions.review({ alertIds: chosen }),
              )
            }
          >
            Move to in review
          </Button>
          <ResolveForm
            count={chosen.length}
            pending={pending}
            onResolve={(resolution) =>
              void run(
                "resolved",
                () => ({ state: "resolved", due: null, outcome: `Resolved: ${alertOutcomeLabels[resolution.outcome]}` }),
                () => actions.resolve({ alertIds: chosen, ...resolution }),
              )
            }
          />
          {message && (
            <p role={message.failed ? "alert" : "status"} className={cn("w-full text-sm", message.failed && "text-destructive")}>
              {message.message}
            </p>
          )}
        </section>
      )}
      {rows.length === 0 ? (
        empty
      ) : (
        <>
          <p className="text-xs text-muted-foreground">
            Keyboard: <kbd>j</kbd>/<kbd>k</kbd> or <kbd>↓</kbd>/<kbd>↑</kbd> move, <kbd>Enter</kbd> opens
            {canTriage && (
              <>
                , <kbd>x</kbd> selects
              </>
            )}
            .
          </p>
          <Table data-inbox>
            <TableHeader>
              <TableRow>
                {canTriage && (
                  <TableHead className="w-8">
                    <Checkbox
                      aria-label="Select every alert on this page"
                      checked={allChosen ? true : chosen.length > 0 ? "indeterminate" : false}
                      onCheckedChange={() => setSelected(allChosen ? new Set() : new Set(rows.map((r) => r.id)))}
                    />
                  </TableHead>
                )}
                <TableHead>Company</TableHead>
                <TableHead>State</TableHead>
                <TableHead>Categories</TableHead>
                <TableHead>Assignee</TableHead>
                <TableHead aria-sort={dueSort.active ? "ascending" : undefined}>
                  <Link href={dueSort.href} className="underline-offset-4 hover:underline">
                    Due{dueSort.active ? " ↑" : ""}
                  </Link>
                </TableHead>
                <TableHead className="w-44">Last notification (UTC)</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((row, index) => (
                <TableRow
                  key={row.id}
                  data-alert-id={row.id}
                  data-state={index === active ? "selected" : undefined}
                  // A guess not yet answered: dimmed until the server's row replaces it.
                  aria-busy={row.pending}
                  className={cn(row.pending && "opacity-70")}
                >
                  {canTriage && (
                    <TableCell>
                      <Checkbox
                        aria-label={`Select alert ${row.id} (${row.company})`}
                        checked={selected.has(row.id)}
                        onCheckedChange={() => toggle(row.id)}
                      />
                    </TableCell>
                  )}
                  <TableCell className="max-w-md">
                    <Link
                      ref={(element) => {
                        if (element) links.current.set(row.id, element);
                        else links.current.delete(row.id);
                      }}
                      href={`/alerts/${row.id}`}
                      onFocus={() => setActive(index)}
                      className="font-medium underline-offset-4 hover:underline [overflow-wrap:anywhere]"
                    >
                      {row.company}
                    </Link>{" "}
                    {row.isTest && <TestBadge />}
                    <div className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                      {isRiskMonitorId(row.monitorId) ? (
                        <>
                          {row.place} · risk rating · {row.notificationCount} {row.notificationCount === 1 ? "rise" : "rises"}
                        </>
                      ) : (
                        <>
                          {row.place} · monitor {row.monitorId} · {row.notificationCount}{" "}
                          {row.notificationCount === 1 ? "notification" : "notifications"}
                        </>
                      )}
                    </div>
                    {row.deactivation && <div className="text-xs font-medium text-destructive">{row.deactivation}</div>}
                  </TableCell>
                  <TableCell>
                    <AlertStateBadge state={row.state} />
                  </TableCell>
                  <TableCell className="text-sm">{row.categories}</TableCell>
                  <TableCell className="text-sm">{row.assignee ?? <span className="text-muted-foreground">Unassigned</span>}</TableCell>
                  <TableCell>{row.due ? <DueBadge due={row.due} /> : <span className="text-sm">{row.outcome}</span>}</TableCell>
                  <TableCell className="text-sm tabular-nums">{row.lastNotified}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </div>
  );
}
