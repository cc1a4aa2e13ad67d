import { describe, expect, it } from "vitest";
import { isRequestComplete } from "./completion";

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
