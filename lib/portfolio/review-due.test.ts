import { describe, expect, it } from "vitest";
import { reviewDue } from "./review-due";

const now = new Date("2026-11-29T10:00:00Z");

describe("reviewDue", () => {
  it("says by how many days a review is overdue, in words", () => {
    expect(reviewDue(new Date("2026-11-26T12:00:00Z"), now)).toEqual({ text: "overdue by 3 days", tone: "overdue" });
    expect(reviewDue(new Date("2026-11-28T23:00:00Z"), now)).toEqual({ text: "overdue by 1 day", tone: "overdue" });
    expect(reviewDue(new Date("2026-11-29T09:59:00Z"), now)).toEqual({ text: "overdue since today", tone: "overdue" });
  });

  it("says when a review is due, soon within 30 days", () => {
    expect(reviewDue(new Date("2026-11-29T18:00:00Z"), now)).toEqual({ text: "due today", tone: "soon" });
    expect(reviewDue(new Date("2026-11-30T01:00:00Z"), now)).toEqual({ text: "due tomorrow", tone: "soon" });
    expect(reviewDue(new Date("2026-12-28T09:00:00Z"), now)).toEqual({ text: "due in 29 days", tone: "soon" });
    expect(reviewDue(new Date("2027-02-01T00:00:00Z"), now)).toEqual({ text: "due in 64 days", tone: "later" });
  });

  it("says a company with no due date is not scheduled", () => {
    expect(reviewDue(null, now)).toEqual({ text: "not scheduled", tone: "none" });
  });
});
