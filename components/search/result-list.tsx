"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from "react";
import type { SearchResult } from "@/lib/registry/schemas";
import { describeAddress, describeMatch } from "@/lib/search/describe-result";
import { companyHref } from "@/lib/search/url-state";
import { scrollToReveal, virtualWindow } from "@/lib/search/virtual-window";

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

/**
 * The results as a windowed listbox: only the rows in view (plus a few) are in the DOM. The list is one
 * tab stop; arrow keys, Page Up/Down, Home and End move the active row (`aria-activedescendant`), Enter
 * opens its company page, and Up arrow on the first row calls `onExitTop`. A row holds no link (an option's
 * content is presentational, so a link inside would be unreachable for assistive technology): a click on the
 * row opens the company, in a new tab with Ctrl, ⌘ or the middle button, as a link would.
 */
export function ResultList({ results, lastEvent, labelledBy, ref, onExitTop }: Props) {
  const router = useRouter();
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(maxViewport);
  const [active, setActive] = useState(0);
  const activeIndex = Math.min(active, Math.max(0, results.length - 1));
  const height = Math.min(maxViewport, results.length * rowHeight);

  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setViewportHeight(element.clientHeight || maxViewport));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

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
    if (!element) return;
    const top = scrollToReveal(next, { rowHeight, scrollTop: element.scrollTop, viewportHeight: element.clientHeight });
    if (top !== element.scrollTop) {
      element.scrollTop = top;
      setScrollTop(top);
    }
  };

  useImperativeHandle(ref, () => ({
    focusFirstRow() {
      moveTo(0);
      viewport.current?.focus();
    },
  }));

  const onKeyDown = (event: React.KeyboardEvent) => {
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
    } else if (event.key === "Enter") {
      const result = results[activeIndex];
      if (result) {
        event.preventDefault();
        router.push(companyHref(result.countryCode, result.id));
      }
    }
  };

  const open = (href: string, event: React.MouseEvent) => {
    if (event.ctrlKey || event.metaKey || event.button === 1) window.open(href, "_blank", "noopener");
    else router.push(href);
  };

  const win = virtualWindow({ count: results.length, rowHeight, scrollTop, viewportHeight });
  const rowId = (index: number) => `search-result-${index}`;

  return (
    <div
      ref={viewport}
      role="listbox"
      aria-labelledby={labelledBy}
      aria-activedescendant={results.length ? rowId(activeIndex) : undefined}
      tabIndex={0}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
      data-event-at={lastEvent?.at}
      data-event-type={lastEvent?.type}
      data-testid="search-results"
      className="relative overflow-y-auto rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      style={{ height }}
    >
      <div style={{ height: win.totalHeight, position: "relative" }}>
        <div style={{ transform: `translateY(${win.offsetTop}px)` }}>
          {results.slice(win.start, win.end).map((result, i) => {
            const index = win.start + i;
            return (
              <ResultRow
                key={index}
                id={rowId(index)}
                result={result}
                index={index}
                count={results.length}
                active={index === activeIndex}
                onPick={() => setActive(index)}
                onOpen={open}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

function ResultRow({
  id,
  result,
  index,
  count,
  active,
  onPick,
  onOpen,
}: {
  id: string;
  result: SearchResult;
  index: number;
  count: number;
  active: boolean;
  onPick: () => void;
  onOpen: (href: string, event: React.MouseEvent) => void;
}) {
  const otherNames = [result.legalNameInEnglish, ...(result.companyNameTransliterations ?? [])].filter(
    (n): n is string => !!n && n !== result.legalName,
  );
  const address = describeAddress(result.address);
  const match = describeMatch(result.matchReason);
  const href = companyHref(result.countryCode, result.id);
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      aria-posinset={index + 1}
      aria-setsize={count}
      data-href={href}
      onMouseDown={onPick}
      onClick={(event) => onOpen(href, event)}
      onAuxClick={(event) => event.button === 1 && onOpen(href, event)}
      className={`group flex cursor-pointer flex-col justify-center gap-0.5 overflow-hidden border-b px-3 text-sm ${active ? "bg-accent" : ""}`}
      style={{ height: rowHeight }}
    >
      <div className="truncate font-medium underline-offset-4 group-hover:underline" title={result.legalName}>
        <bdi>{result.legalName}</bdi>
      </div>
      <div className="truncate text-xs text-muted-foreground" title={otherNames.join(" · ")}>
        {otherNames.length
          ? otherNames.map((n, i) => (
              <bdi key={i}>
                {i ? " · " : ""}
                {n}
              </bdi>
            ))
          : "No English name or transliteration reported"}
      </div>
      <div className="truncate text-xs" title={`${result.countryCode} · ${result.id} · ${address}`}>
        <span className="font-mono">
          {result.countryCode} · {result.id}
        </span>{" "}
        · <bdi>{address}</bdi>
      </div>
      <div className="truncate text-xs text-muted-foreground" title={match}>
        {match}
      </div>
    </div>
  );
}
