import { describe, expect, it } from "vitest";
import { renderedRows, scrollToReveal, virtualWindow } from "./virtual-window.shared";

describe("virtual window", () => {
  it("renders only the rows in view plus the overscan", () => {
    expect(virtualWindow({ count: 3000, rowHeight: 88, scrollTop: 0, viewportHeight: 616, overscan: 5 })).toEqual({
      start: 0,
      end: 13,
      offsetTop: 0,
      totalHeight: 264_000,
    });
    // Row 100 at the top: rows 95 … 112 (7 visible + 1 partial + 5 either side).
    expect(virtualWindow({ count: 3000, rowHeight: 88, scrollTop: 8800, viewportHeight: 616, overscan: 5 })).toEqual({
      start: 95,
      end: 113,
      offsetTop: 95 * 88,
      totalHeight: 264_000,
    });
  });

  it("clamps at the end and for scroll positions out of range", () => {
    const end = virtualWindow({ count: 3000, rowHeight: 88, scrollTop: 1e9, viewportHeight: 616, overscan: 5 });
    expect(end.end).toBe(3000);
    expect(end.start).toBe(3000 - 7 - 5);
    expect(virtualWindow({ count: 3000, rowHeight: 88, scrollTop: -50, viewportHeight: 616 }).start).toBe(0);
  });

  it("handles short and empty lists", () => {
    expect(virtualWindow({ count: 3, rowHeight: 88, scrollTop: 0, viewportHeight: 616 })).toEqual({
      start: 0,
      end: 3,
      offsetTop: 0,
      totalHeight: 264,
    });
    expect(virtualWindow({ count: 0, rowHeight: 88, scrollTop: 0, viewportHeight: 616 })).toEqual({
      start: 0,
      end: 0,
      offsetTop: 0,
      totalHeight: 0,
    });
  });

  it("scrolls just enough to reveal a row", () => {
    const view = { rowHeight: 88, scrollTop: 880, viewportHeight: 616 };
    expect(scrollToReveal(12, view)).toBe(880); // already in view
    expect(scrollToReveal(9, view)).toBe(792); // above: align its top
    expect(scrollToReveal(17, view)).toBe(18 * 88 - 616); // below: align its bottom
  });

  it("renders the window plus the focused row wherever it is, in list order", () => {
    const win = { start: 20, end: 25 };
    expect(renderedRows(win, 3000)).toEqual([20, 21, 22, 23, 24]);
    expect(renderedRows(win, 3000, 22)).toEqual([20, 21, 22, 23, 24]);
    expect(renderedRows(win, 3000, 0)).toEqual([0, 20, 21, 22, 23, 24]);
    expect(renderedRows(win, 3000, 2999)).toEqual([20, 21, 22, 23, 24, 2999]);
    expect(renderedRows(win, 3000, 3000)).toEqual([20, 21, 22, 23, 24]); // no such row
    expect(renderedRows({ start: 0, end: 0 }, 0, 0)).toEqual([]);
  });
});
