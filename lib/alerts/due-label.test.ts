import { describe, expect, it } from "vitest";
import { dueLabel } from "./due-label";

const now = new Date("2026-11-24T12:00:00Z");
const at = (iso: string) => new Date(iso);

describe("dueLabel", () => {
  it("counts whole days left, rounded down", () => {
    expect(dueLabel(at("2026-11-26T12:00:00Z"), now)).toEqual({ text: "2 days left", tone: "ok" });
    expect(dueLabel(at("2026-11-27T11:00:00Z"), now)).toEqual({ text: "2 days left", tone: "ok" });
    expect(dueLabel(at("2026-11-25T12:00:00Z"), now)).toEqual({ text: "1 day left", tone: "ok" });
  });

  it("counts hours within the last day, never 0", () => {
    expect(dueLabel(at("2026-11-24T17:30:00Z"), now)).toEqual({ text: "due in 5 hours", tone: "soon" });
    expect(dueLabel(at("2026-11-24T12:20:00Z"), now)).toEqual({ text: "due in 1 hour", tone: "soon" });
  });

  it("counts days late once a day has passed, and hours before", () => {
    expect(dueLabel(at("2026-11-21T12:00:00Z"), now)).toEqual({ text: "3 days late", tone: "late" });
    expect(dueLabel(at("2026-11-23T10:00:00Z"), now)).toEqual({ text: "1 day late", tone: "late" });
    expect(dueLabel(at("2026-11-24T09:00:00Z"), now)).toEqual({ text: "3 hours late", tone: "late" });
    expect(dueLabel(now, now)).toEqual({ text: "1 hour late", tone: "late" });
  });
});
