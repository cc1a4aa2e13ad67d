import { describe, expect, it } from "vitest";
import { csvLine } from "@/lib/csv/csv-writer";
import { alertCsvCells, alertsCsvHeader } from "./alerts-csv";
import type { InboxRow } from "./inbox-page";

const row: InboxRow = {
  id: 42,
  state: "in_review",
  categories: ["ownership", "newThing"],
  isTest: false,
  deactivation: false,
  countryCode: "DE",
  companyId: "HRB 86891",
  companyName: "@Acme GmbH",
  monitorId: "mon_1",
  notificationCount: 3,
  assignee: { id: "u1", email: "ann@example.com", name: "Ann" },
  dueAt: new Date("2026-11-25T09:00:00.000Z"),
  lastNotifiedAt: new Date("2026-11-24T09:00:00.000Z"),
  outcome: null,
};

describe("the alerts CSV row", () => {
  it("holds the inbox's columns in the header's order, in the inbox's words", () => {
    const cells = alertCsvCells(row);
    expect(Object.fromEntries(alertsCsvHeader.map((name, i) => [name, cells[i]]))).toEqual({
      "alert id": "42",
      state: "In review",
      outcome: "",
      categories: "Ownership, newThing",
      test: "no",
      "monitor deactivated": "no",
      country: "DE",
      "company id": "HRB 86891",
      "company name": "@Acme GmbH",
      "monitor id": "mon_1",
      assignee: "ann@example.com",
      "due at": "2026-11-25T09:00:00.000Z",
      "last notified at": "2026-11-24T09:00:00.000Z",
      notifications: "3",
    });
  });

  it("gives a resolved alert its outcome and no due date; an unassigned one an empty assignee", () => {
    const cells = alertCsvCells({ ...row, state: "resolved", outcome: "escalated", assignee: null, isTest: true, deactivation: true });
    expect([cells[1], cells[2], cells[4], cells[5], cells[10], cells[11]]).toEqual(["Resolved", "Escalated", "yes", "yes", "", ""]);
  });

  it("is written through the one writer, so a company name that starts a formula is defused", () => {
    expect(csvLine(alertCsvCells(row))).toContain(`"'@Acme GmbH"`);
  });
});
