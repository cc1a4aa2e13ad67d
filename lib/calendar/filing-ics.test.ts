import { describe, expect, it } from "vitest";
import { parseIcs } from "@/test/ics-text";
import { withDeadlines, type DossierFixture } from "@/test/dossier-filings";
import { filingEntries, type DossierFilings } from "./filing-entries";
import { filingIcs } from "./filing-ics";

const now = new Date("2026-05-10T15:00:00Z");

const dossier = (overrides: Partial<DossierFixture>): DossierFilings =>
  withDeadlines({
    requestId: "req_1",
    snapshotAt: now,
    connection: { id: "c1", name: "Local simulator" },
    countryCode: "GB",
    companyId: "SC 123",
    companyName: "Smith, Jones; & Co",
    caseReference: "KYC-9",
    statutoryFilings: {
      accounts: { next: { dueDate: "2026-09-27", periodEnd: "2025-12-31" } },
      annualFiling: { next: { dueDate: "2026-03-14" } },
    },
    complianceFlags: undefined,
    ...overrides,
  });

describe("filingIcs", () => {
  it("writes one all-day event per dated entry that parses back to the entry's words and links", () => {
    const entries = filingEntries([dossier({})], [], now);
    const text = filingIcs(entries, { origin: "https://desk.example.com", name: "Filing deadlines", now });
    const { calendar, events } = parseIcs(text);
    expect(calendar.VERSION?.value).toBe("2.0");
    expect(calendar["X-WR-CALNAME"]?.value).toBe("Filing deadlines");
    expect(events).toHaveLength(2);

    const [accounts, annual] = events;
    expect(annual!.SUMMARY!.value).toBe("OVERDUE · Annual filing: Smith, Jones; & Co (GB SC 123)");
    expect(annual!.DTSTART).toEqual({ params: ";VALUE=DATE", value: "20260314" });
    expect(annual!.DESCRIPTION!.value.split("\n")[0]).toBe("Overdue: due 2026-03-14");
    expect(accounts!.SUMMARY!.value).toBe("Annual accounts: Smith, Jones; & Co (GB SC 123)");
    expect(accounts!.DTSTART!.value).toBe("20260927");
    expect(accounts!.UID!.value).toBe("accounts.GB.SC%20123@registry-desk");
    expect(accounts!.URL!.value).toBe("https://desk.example.com/companies/GB/SC%20123");
    expect(accounts!.DESCRIPTION!.value.split("\n")).toEqual([
      "Period ending 2025-12-31",
      "Case references: KYC-9",
      "Connection: Local simulator",
      "Company file: https://desk.example.com/companies/GB/SC%20123",
      "Evidence pack: https://desk.example.com/api/companies/GB/SC%20123/evidence",
    ]);
  });

  it("keeps each event's UID stable across exports, so a subscribed calendar moves the event rather than duplicating it", () => {
    const first = parseIcs(filingIcs(filingEntries([dossier({})], [], now), { origin: "https://d", name: "x", now })).events;
    const moved = dossier({ requestId: "req_2", statutoryFilings: { accounts: { next: { dueDate: "2026-10-15" } } } });
    const second = parseIcs(filingIcs(filingEntries([moved], [], now), { origin: "https://d", name: "x", now })).events;
    expect(second[0]!.UID).toEqual(first.find((e) => e.UID!.value.startsWith("accounts."))!.UID);
    expect(second[0]!.DTSTART!.value).toBe("20261015");
  });

  it("leaves out an entry that only a flag marks overdue (it has no date), and writes an empty calendar for none", () => {
    const undated = dossier({ statutoryFilings: null, complianceFlags: { accountsOverdue: { active: true } } });
    expect(filingEntries([undated], [], now)).toHaveLength(1);
    expect(parseIcs(filingIcs(filingEntries([undated], [], now), { origin: "https://d", name: "x", now })).events).toEqual([]);
  });
});
