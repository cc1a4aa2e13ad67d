/** Which rows of a fixed-row-height list to render for a scroll position (a hand-rolled windowed list). */

export type VirtualWindow = {
  /** First rendered index (inclusive). */
  start: number;
  /** One past the last rendered index. */
  end: number;
  /** Pixels above the first rendered row. */
  offsetTop: number;
  /** Height of the whole list. */
  totalHeight: number;
};

export function virtualWindow(options: {
  count: number;
  rowHeight: number;
  scrollTop: number;
  viewportHeight: number;
  overscan?: number;
}): VirtualWindow {
  const { count, rowHeight } = options;
  const overscan = options.overscan ?? 5;
  const totalHeight = Math.max(0, count * rowHeight);
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0, offsetTop: 0, totalHeight };
  const maxScroll = Math.max(0, totalHeight - options.viewportHeight);
  const scrollTop = Math.min(Math.max(0, options.scrollTop), maxScroll);
  const first = Math.floor(scrollTop / rowHeight);
  const visible = Math.ceil(Math.max(0, options.viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + visible + overscan);
  return { start, end, offsetTop: start * rowHeight, totalHeight };
}

/** The scrollTop that brings row `index` fully into view (unchanged when it already is). */
export function scrollToReveal(index: number, options: { rowHeight: number; scrollTop: number; viewportHeight: number }): number {
  const top = index * options.rowHeight;
  const bottom = top + options.rowHeight;
  if (top < options.scrollTop) return top;
  if (bottom > options.scrollTop + options.viewportHeight) return Math.max(0, bottom - options.viewportHeight);
  return options.scrollTop;
}

/**
 * The row indexes to render: the window's, plus `keep` (the row holding the focus) wherever it is, so scrolling the
 * focused row out of view never unmounts it and drops the focus to the page. Ascending, so the DOM keeps list order.
 */
export function renderedRows(win: Pick<VirtualWindow, "start" | "end">, count: number, keep?: number): number[] {
  const rows = Array.from({ length: Math.max(0, win.end - win.start) }, (_, i) => win.start + i);
  if (keep === undefined || keep < 0 || keep >= count || (keep >= win.start && keep < win.end)) return rows;
  return keep < win.start ? [keep, ...rows] : [...rows, keep];
}
