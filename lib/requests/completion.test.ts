import { describe, expect, it } from "vitest";
import { isRequestComplete, settledSummary } from "./completion.shared";

const snapshot = (dataPoints: Record<string, string>, documents: Record<string, string> = {}) => ({
  request: {
    dataStatus: {
      dataPoints: Object.fromEntries(Object.entries(dataPoints).map(([k, status]) => [k, { status }])),
      documents: Object.fromEntries(Object.entries(documents).map(([k, status]) => [k, { status }])),
    },
  },
});

describe("isRequestComplete", () => {
  it("is complete when every datapoint and document succeeded or failed", () => {
    expect(isRequestComplete(snapshot({ company: "succeeded", graph: "failed" }, { doc1: "succeeded" }))).toBe(true);
  });
  it("is not complete while anything is in progress or enriching", () => {
    expect(isRequestComplete(snapshot({ company: "succeeded", graph: "in_progress" }))).toBe(false);
    expect(isRequestComplete(snapshot({ company: "enriching" }))).toBe(false);
    expect(isRequestComplete(snapshot({ company: "succeeded" }, { doc1: "in_progress" }))).toBe(false);
  });
  it("treats an unknown status as final, and an entry without a status as pending", () => {
    expect(isRequestComplete(snapshot({ company: "cancelled_by_vendor" }))).toBe(true);
    expect(isRequestComplete({ request: { dataStatus: { dataPoints: { company: {} } } } })).toBe(false);
  });
  it("is not complete without any status", () => {
    expect(isRequestComplete(undefined)).toBe(false);
    expect(isRequestComplete({ request: {} })).toBe(false);
    expect(isRequestComplete(snapshot({}))).toBe(false);
  });
});

describe("settledSummary (the status strip collapses to it)", () => {
  const entries = (statuses: Record<string, string | { status: string; code: string }>) =>
    Object.fromEntries(
      Object.entries(statuses).map(([k, v]) => [k, typeof v === "string" ? { status: v } : { status: v.status, error: { code: v.code } }]),
    );
  it("counts what was delivered once everything succeeded", () => {
    const six = entries({ a: "succeeded", b: "succeeded", c: "succeeded", d: "succeeded", e: "succeeded", f: "succeeded" });
    expect(settledSummary(six, {})).toBe("All 6 datapoints delivered");
    expect(settledSummary(six, entries({ doc: "succeeded" }))).toBe("All 6 datapoints and 1 document delivered");
    expect(settledSummary({}, entries({ d1: "succeeded", d2: "succeeded" }))).toBe("All 2 documents delivered");
  });
  it("names the outcomes that are not faults beside what was delivered", () => {
    expect(
      settledSummary(
        entries({ company: "succeeded", shareholders: { status: "failed", code: "datapoint_not_applicable" } }),
        entries({ doc: { status: "failed", code: "no_document_available" } }),
      ),
    ).toBe("Delivered 1 of 2 datapoints and 0 of 1 document · 1 not applicable to this entity · 1 without a register extract (not billed)");
  });
  it("stays open (no summary) while anything runs, after a real failure, on an unknown status, or with nothing to show", () => {
    expect(settledSummary(entries({ company: "succeeded", graph: "in_progress" }), {})).toBeUndefined();
    expect(settledSummary(entries({ company: "enriching" }), {})).toBeUndefined();
    expect(settledSummary(entries({ company: "succeeded" }), entries({ doc: "in_progress" }))).toBeUndefined();
    expect(settledSummary(entries({ company: { status: "failed", code: "source_unavailable" } }), {})).toBeUndefined();
    expect(settledSummary(entries({ company: "failed" }), {})).toBeUndefined();
    expect(settledSummary(entries({ company: "queued_for_review" }), {})).toBeUndefined();
    expect(settledSummary({}, {})).toBeUndefined();
    expect(settledSummary(undefined, undefined)).toBeUndefined();
  });
});
