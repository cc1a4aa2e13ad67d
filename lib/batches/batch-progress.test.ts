import { describe, expect, it } from "vitest";
import { batchProgress, timeLeftWords } from "./batch-progress";

const counts = (match: Partial<Record<string, number>>, outcome: Partial<Record<string, number>>, rows: number) => ({
  rows,
  match: { pending: 0, matched: 0, ambiguous: 0, not_found: 0, invalid: 0, duplicate: 0, ...match },
  outcome: { pending: 0, sending: 0, ordered: 0, completed: 0, skipped: 0, refused: 0, unknown: 0, ...outcome },
});

const start = new Date("2026-11-29T10:00:00Z");
const minutes = (n: number) => new Date(start.getTime() + n * 60_000);

describe("a batch's progress", () => {
  it("counts matched rows while matching, invalid ones aside, and estimates from the pace so far", () => {
    const progress = batchProgress(
      { status: "matching", createdAt: start, confirmedAt: null },
      counts({ pending: 60, matched: 30, invalid: 10 }, { pending: 90, skipped: 10 }, 100),
      minutes(2),
    );
    expect(progress).toEqual({ step: "matching", done: 30, total: 90, perMinute: 15, minutesLeft: 4 });
  });

  it("counts answered orders while ordering, from the confirm, skipped rows aside", () => {
    const progress = batchProgress(
      { status: "ordering", createdAt: minutes(-30), confirmedAt: start },
      counts({ matched: 100 }, { pending: 50, sending: 10, ordered: 20, completed: 15, refused: 4, unknown: 1, skipped: 20 }, 120),
      minutes(4),
    );
    expect(progress).toEqual({ step: "ordering", done: 40, total: 100, perMinute: 10, minutesLeft: 6 });
  });

  it("quotes no pace too early, and no time left once waiting or finished", () => {
    expect(
      batchProgress({ status: "matching", createdAt: start, confirmedAt: null }, counts({ pending: 9, matched: 1 }, {}, 10), start),
    ).toEqual({ step: "matching", done: 1, total: 10 });
    expect(
      batchProgress({ status: "reviewing", createdAt: start, confirmedAt: null }, counts({ matched: 10 }, {}, 10), minutes(5)),
    ).toEqual({
      step: "waiting",
      done: 10,
      total: 10,
    });
    expect(batchProgress({ status: "done", createdAt: start, confirmedAt: start }, counts({}, { completed: 3 }, 3), minutes(5))).toEqual({
      step: "finished",
      done: 3,
      total: 3,
    });
  });

  it("says the time left in words", () => {
    expect([0.4, 1, 4.4, 200].map(timeLeftWords)).toEqual([
      "less than a minute left",
      "about 1 minute left",
      "about 4 minutes left",
      "about 3 hours left",
    ]);
  });
});
