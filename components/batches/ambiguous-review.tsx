"use client";

import { useEffect, useOptimistic, useRef, useState, useTransition } from "react";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import type { BatchCandidate } from "@/db/schema";
import type { ActionResult } from "@/lib/forms/action-result";
import type { ResolvedRow } from "@/lib/batches/resolve-row";
import { countryWords } from "@/lib/registry/countries.shared";

export type AmbiguousRow = {
  id: number;
  rowNumber: number;
  name: string;
  number: string;
  countryCode: string;
  candidates: BatchCandidate[];
};

type Resolve = (input: { batchId: string; rowId: number; companyId: string | null }) => Promise<ActionResult<ResolvedRow>>;

const percent = (score: number) => `${Math.round(score * 100)}%`;

const answerWords = (row: AmbiguousRow, picked: string | null, data: ResolvedRow) =>
  data.matchState === "duplicate"
    ? `Row ${row.rowNumber}: ${picked} is already row ${data.duplicateOf}'s company, so this row is a duplicate and is not ordered.`
    : data.matchState === "matched"
      ? `Row ${row.rowNumber}: matched to ${picked}; it is priced in a moment.`
      : `Row ${row.rowNumber}: none of these; it is not ordered.`;

/**
 * The rows several companies could be meant for, one at a time for a person to pick: arrow keys or j / k move
 * between rows, 1–9 (or Enter, the best) picks a candidate, n says none of these. A pick leaves the list at once;
 * a refusal puts the row back with the reason.
 */
export function AmbiguousReview({
  batchId,
  rows,
  resolve,
  canResolve,
}: {
  batchId: string;
  rows: AmbiguousRow[];
  resolve: Resolve;
  canResolve: boolean;
}) {
  const [optimisticRows, removeRow] = useOptimistic(rows, (current, rowId: number) => current.filter((r) => r.id !== rowId));
  // Rows the server took, kept out until the live page drops them (the optimistic state ends with the transition).
  const [resolved, setResolved] = useState<ReadonlySet<number>>(new Set());
  const visibleRows = optimisticRows.filter((r) => !resolved.has(r.id));
  const [active, setActive] = useState(0);
  const [said, setSaid] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [, startTransition] = useTransition();
  const rowRefs = useRef(new Map<number, HTMLElement>());
  const focusNext = useRef(false);
  const index = Math.min(active, Math.max(visibleRows.length - 1, 0));

  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    const row = visibleRows[index];
    if (row) rowRefs.current.get(row.id)?.focus();
  }, [index, visibleRows]);

  function move(to: number) {
    focusNext.current = true;
    setActive(Math.max(0, Math.min(to, visibleRows.length - 1)));
  }

  function pick(row: AmbiguousRow, candidate: BatchCandidate | null) {
    if (!canResolve) return;
    setProblem(undefined);
    setSaid(`Row ${row.rowNumber}: ${candidate ? `picking ${candidate.legalName}` : "none of these"}…`);
    focusNext.current = true;
    startTransition(async () => {
      removeRow(row.id);
      const result = await resolve({ batchId, rowId: row.id, companyId: candidate?.companyId ?? null });
      if (!result.ok) {
        setSaid(undefined);
        setProblem(`Row ${row.rowNumber} was not changed: ${result.error}`);
        return;
      }
      setResolved((before) => new Set(before).add(row.id));
      setSaid(answerWords(row, candidate?.legalName ?? null, result.data));
    });
  }

  function onKeyDown(event: React.KeyboardEvent) {
    const row = visibleRows[index];
    if (!row || event.altKey || event.ctrlKey || event.metaKey) return;
    const onButton = (event.target as HTMLElement).tagName === "BUTTON";
    if (event.key === "ArrowDown" || event.key === "j") move(index + 1);
    else if (event.key === "ArrowUp" || event.key === "k") move(index - 1);
    else if (/^[1-9]$/.test(event.key) && row.candidates[Number(event.key) - 1]) pick(row, row.candidates[Number(event.key) - 1]!);
    else if (event.key === "Enter" && !onButton && row.candidates[0]) pick(row, row.candidates[0]);
    else if (event.key === "n") pick(row, null);
    else return;
    event.preventDefault();
  }

  // Nothing to pick and nothing said yet: no section (a list without ambiguous rows shows none).
  if (visibleRows.length === 0 && !said && !problem) return null;

  return (
    <section aria-labelledby="ambiguous-title" className="space-y-3">
      <h2 id="ambiguous-title" className="text-lg font-semibold">
        Rows to pick a company for ({visibleRows.length.toLocaleString("en")})
      </h2>
      <p id="ambiguous-keys" className="text-sm text-muted-foreground">
        {canResolve
          ? "Several companies could be meant by these rows. With the keyboard: ↑ ↓ or j k move between rows, 1–9 picks a candidate (Enter picks the first, the closest), n says none of these. Rows left without a pick are not ordered."
          : "Several companies could be meant by these rows; a compliance officer or an admin picks."}
      </p>
      <p role="status" className="text-sm" aria-live="polite">
        {said}
      </p>
      <FormError message={problem} />
      {visibleRows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No row is waiting for a pick.</p>
      ) : (
        <ol className="space-y-3" onKeyDown={onKeyDown} aria-describedby="ambiguous-keys">
          {visibleRows.map((row, i) => (
            <li
              key={row.id}
              ref={(element) => {
                if (element) rowRefs.current.set(row.id, element);
                else rowRefs.current.delete(row.id);
              }}
              tabIndex={i === index ? 0 : -1}
              aria-current={i === index ? "true" : undefined}
              aria-label={`Row ${row.rowNumber}: ${row.name || row.number}, ${countryWords(row.countryCode)}`}
              onFocus={() => setActive(i)}
              data-ambiguous-row={row.rowNumber}
              className="rounded-lg border p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[current=true]:border-primary"
            >
              <div className="text-sm font-medium [overflow-wrap:anywhere]">
                Row {row.rowNumber}: {row.name || row.number}{" "}
                <span className="font-normal text-muted-foreground">
                  · {countryWords(row.countryCode)}
                  {row.name && row.number && <> · {row.number}</>}
                </span>
              </div>
              <ol className="mt-2 space-y-1">
                {row.candidates.map((candidate, c) => (
                  <li key={candidate.companyId} className="flex flex-wrap items-center gap-2 text-sm">
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      tabIndex={i === index ? 0 : -1}
                      disabled={!canResolve}
                      onClick={() => pick(row, candidate)}
                      aria-keyshortcuts={c < 9 ? String(c + 1) : undefined}
                      className="h-auto min-h-8 text-left whitespace-normal"
                    >
                      <span aria-hidden className="text-muted-foreground tabular-nums">
                        {c + 1}
                      </span>
                      <span className="[overflow-wrap:anywhere]">{candidate.legalName}</span>
                    </Button>
                    <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                      {candidate.companyId} · score {percent(candidate.score)} · {candidate.reason}
                    </span>
                  </li>
                ))}
              </ol>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                className="mt-2"
                tabIndex={i === index ? 0 : -1}
                disabled={!canResolve}
                onClick={() => pick(row, null)}
                aria-keyshortcuts="n"
              >
                None of these
              </Button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
