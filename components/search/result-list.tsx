"use client";

import Link from "next/link";
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from "react";
import type { SearchResult } from "@/lib/registry/schemas.shared";
import { describeAddress, describeMatch } from "@/lib/search/describe-result.shared";
import { companyHref } from "@/lib/search/url-state.shared";
import { renderedRows, scrollToReveal, virtualWindow } from "@/lib/search/virtual-window.shared";

/** Fixed row height (px): the windowed list depends on it; rows clip long text instead of growing. */
export const rowHeight = 88;
const maxViewport = 616;

/** What the search box may do to the list: move the focus to its first row. */
export type ResultListHandle = { focusFirstRow: () => void };

type Props = {
  results: SearchResult[];
  lastEvent?: { at: number; type: string };
  labelledBy: string;
  ref?: React.Ref<ResultListHandle>;
  /** Up arrow on the first row: the focus goes back to where the user came from (the search box). */
  onExitTop?: () => void;
};

const rowId = (index: number) => `search-result-${index}`;

/**
 * The results as a windowed list of links: only the rows in view (plus a few, plus the focused one) are in the DOM.
 * Each row is a real link to the company page, so a click, Enter, Ctrl/⌘-click, the middle button and the context
 * menu's "copy link" and "open in new tab" all work as anywhere else. The list is one tab stop (a roving tabindex):
 * arrow keys, Page Up/Down, Home and End move the focus between rows, and Up arrow on the first row calls `onExitTop`.
 */
export function ResultList({ results, lastEvent, labelledBy, ref, onExitTop }: Props) {
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(maxViewport);
  const [active, setActive] = useState(0);
  const activeIndex = Math.min(active, Math.max(0, results.length - 1));
  const height = Math.min(maxViewport, results.length * rowHeight);
  /** A row to focus once it is rendered (a jump to a row outside the window renders it first). */
  const focusPending = useRef<number | undefined>(undefined);

  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setViewportHeight(element.clientHeight || maxViewport));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    if (focusPending.current === undefined) return;
    const row = document.getElementById(rowId(focusPending.current));
    if (!row) return;
    focusPending.current = undefined;
    row.focus();
  });

  const frame = useRef(0);
  const onScroll = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(viewport.current?.scrollTop ?? 0));
  }, []);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(results.length - 1, index));
    setActive(next);
    const element = viewport.current;
    if (element) {
      const top = scrollToReveal(next, { rowHeight, scrollTop: element.scrollTop, viewportHeight: element.clientHeight });
      if (top !== element.scrollTop) {
        element.scrollTop = top;
        setScrollTop(top);
      }
    }
    const row = document.getElementById(rowId(next));
    if (row) row.focus();
    else focusPending.current = next;
  };

  useImperativeHandle(ref, () => ({
    focusFirstRow() {
      moveTo(0);
    },
  }));

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowUp" && activeIndex === 0 && onExitTop) {
      event.preventDefault();
      onExitTop();
      return;
    }
    const page = Math.max(1, Math.floor(viewportHeight / rowHeight) - 1);
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      PageDown: activeIndex + page,
      PageUp: activeIndex - page,
      Home: 0,
      End: results.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      moveTo(moves[event.key]!);
    }
    // Enter is the link's own: it opens the company page.
  };

  const win = virtualWindow({ count: results.length, rowHeight, scrollTop, viewportHeight });

  return (
    <div
      ref={viewport}
      onScroll={onScroll}
      data-event-at={lastEvent?.at}
      data-event-type={lastEvent?.type}
      data-testid="search-results"
      className="relative overflow-y-auto rounded-md border"
      style={{ height }}
    >
      <ul aria-labelledby={labelledBy} onKeyDown={onKeyDown} className="relative" style={{ height: win.totalHeight }}>
        {renderedRows(win, results.length, activeIndex).map((index) => (
          <ResultRow
            key={index}
            result={results[index]!}
            index={index}
            count={results.length}
            active={index === activeIndex}
            onFocus={() => setActive(index)}
          />
        ))}
      </ul>
    </div>
  );
}

function ResultRow({
  result,
  index,
  count,
  active,
  onFocus,
}: {
  result: SearchResult;
  index: number;
  count: number;
  active: boolean;
  onFocus: () => void;
}) {
  const otherNames = [result.legalNameInEnglish, ...(result.companyNameTransliterations ?? [])].filter(
    (n): n is string => !!n && n !== result.legalName,
  );
  const address = describeAddress(result.address);
  const match = describeMatch(result.matchReason);
  return (
    <li aria-posinset={index + 1} aria-setsize={count} className="absolute inset-x-0" style={{ top: index * rowHeight, height: rowHeight }}>
      <Link
        id={rowId(index)}
        href={companyHref(result.countryCode, result.id)}
        // Thousands of rows scroll by: prefetching each one in view would flood the server.
        prefetch={false}
        tabIndex={active ? 0 : -1}
        onFocus={onFocus}
        className="group flex h-full flex-col justify-center gap-0.5 overflow-hidden border-b px-3 text-sm outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
      >
        <span className="block truncate font-medium underline-offset-4 group-hover:underline" title={result.legalName}>
          <bdi>{result.legalName}</bdi>
        </span>
        <span className="block truncate text-xs text-muted-foreground" title={otherNames.join(" · ")}>
          {otherNames.length
            ? otherNames.map((n, i) => (
                <bdi key={i}>
                  {i ? " · " : ""}
                  {n}
                </bdi>
              ))
            : "No English name or transliteration reported"}
        </span>
        <span className="block truncate text-xs" title={`${result.countryCode} · ${result.id} · ${address}`}>
          <span className="font-mono">
            {result.countryCode} · {result.id}
          </span>{" "}
          · <bdi>{address}</bdi>
        </span>
        <span className="block truncate text-xs text-muted-foreground" title={match}>
          {match}
        </span>
      </Link>
    </li>
  );
}
