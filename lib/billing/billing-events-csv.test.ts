import { describe, expect, it } from "vitest";
import { csvLine } from "@/lib/csv/csv-writer";
import { billingEventCsvCells, billingEventsCsvHeader, parseBillingEventsExport } from "./billing-events-csv";
import type { MergedBillingEvent } from "./merge-billing-events";

const event: MergedBillingEvent = {
  id: "e-1",
  kind: "high_usage",
  identifier: "+warning",
  workspaceId: "ws-paris",
  dedupKey: "k-1",
  firedAt: "2026-03-01T10:00:00Z",
  payload: { spentCents: 600 },
  emailSent: true,
  webhookSent: null,
  seenBy: "webhook",
};

describe("the billing events CSV row", () => {
  it("holds the event's fields in the header's order, its payload whole", () => {
    const cells = billingEventCsvCells(event, new Date("2026-03-01T10:00:01.000Z"));
    expect(Object.fromEntries(billingEventsCsvHeader.map((name, i) => [name, cells[i]]))).toEqual({
      "event id": "e-1",
      kind: "high_usage",
      identifier: "+warning",
      "workspace id": "ws-paris",
      "fired at": "2026-03-01T10:00:00Z",
      "received at": "2026-03-01T10:00:01.000Z",
      "email sent": "yes",
      "webhook sent": "",
      payload: '{"spentCents":600}',
    });
  });

  it("leaves an account-level event's workspace empty", () => {
    expect(billingEventCsvCells({ ...event, workspaceId: null, emailSent: false }, new Date(0)).slice(3, 7)).toEqual([
      "",
      "2026-03-01T10:00:00Z",
      "1970-01-01T00:00:00.000Z",
      "no",
    ]);
  });

  it("is written through the one writer, so an identifier that starts a formula is defused", () => {
    expect(csvLine(billingEventCsvCells(event, new Date(0)))).toContain(`"'+warning"`);
  });
});

describe("the billing events export's filters", () => {
  const parse = (query: string) => parseBillingEventsExport(new URLSearchParams(query));

  it("reads the list's kind and workspace and a range of days, either end open", () => {
    expect(parse("eventKind=low_balance&eventWorkspace=account&from=2026-03-01")).toEqual({
      ok: true,
      filters: { kind: "low_balance", workspace: "account", from: "2026-03-01", to: undefined },
    });
    expect(parse("")).toEqual({ ok: true, filters: { kind: "", workspace: "", from: undefined, to: undefined } });
  });

  it("refuses a range that ends before it starts", () => {
    expect(parse("from=2026-03-02&to=2026-03-01")).toEqual({
      ok: false,
      problems: ["The range starts (2026-03-02) after it ends (2026-03-01)."],
    });
  });
});
