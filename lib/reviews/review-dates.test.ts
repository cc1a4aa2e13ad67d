import { describe, expect, it } from "vitest";
import { dataAge, dayWords, reviewDue, reviewDueFromToday } from "./review-dates.shared";

const now = new Date("2026-07-12T10:00:00Z");

describe("review dates in words", () => {
  it("says how old the data is and whether the policy calls it too old", () => {
    expect(dataAge(new Date("2026-03-14T08:00:00Z"), now, 90)).toEqual({
      days: 120,
      stale: true,
      text: "This company's data is from 14 March 2026, 120 days ago.",
    });
    expect(dataAge(new Date("2026-04-13T10:00:00Z"), now, 90)).toMatchObject({ days: 90, stale: false });
    expect(dataAge(new Date("2026-07-12T09:00:00Z"), now, 1).text).toBe("This company's data is from 12 July 2026, today.");
  });

  it("reads a due date ahead, due today, or overdue by whole days", () => {
    expect(reviewDue(new Date("2027-07-12T10:00:00Z"), now)).toEqual({ overdue: false, text: "12 July 2027" });
    expect(reviewDue(new Date("2026-07-12T09:00:00Z"), now)).toEqual({ overdue: true, text: "12 July 2026, due today" });
    expect(reviewDue(new Date("2026-06-01T00:00:00Z"), now)).toEqual({ overdue: true, text: "1 June 2026, 41 days overdue" });
  });

  it("names the day in UTC", () => {
    expect(dayWords(new Date("2026-12-31T23:30:00Z"))).toBe("31 December 2026");
  });
});

const portfolioNow = new Date("2026-11-29T10:00:00Z");

describe("reviewDueFromToday", () => {
  it("says by how many days a review is overdue, in words", () => {
    expect(reviewDueFromToday(new Date("2026-11-26T12:00:00Z"), portfolioNow)).toEqual({ text: "overdue by 3 days", tone: "overdue" });
    expect(reviewDueFromToday(new Date("2026-11-28T23:00:00Z"), portfolioNow)).toEqual({ text: "overdue by 1 day", tone: "overdue" });
    expect(reviewDueFromToday(new Date("2026-11-29T09:59:00Z"), portfolioNow)).toEqual({ text: "overdue since today", tone: "overdue" });
  });

  it("says when a review is due, soon within 30 days", () => {
    expect(reviewDueFromToday(new Date("2026-11-29T18:00:00Z"), portfolioNow)).toEqual({ text: "due today", tone: "soon" });
    expect(reviewDueFromToday(new Date("2026-11-30T01:00:00Z"), portfolioNow)).toEqual({ text: "due tomorrow", tone: "soon" });
    expect(reviewDueFromToday(new Date("2026-12-28T09:00:00Z"), portfolioNow)).toEqual({ text: "due in 29 days", tone: "soon" });
    expect(reviewDueFromToday(new Date("2027-02-01T00:00:00Z"), portfolioNow)).toEqual({ text: "due in 64 days", tone: "later" });
  });

  it("says a company with no due date is not scheduled", () => {
    expect(reviewDueFromToday(null, portfolioNow)).toEqual({ text: "not scheduled", tone: "none" });
  });
});
