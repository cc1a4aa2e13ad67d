import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { withDeadlines } from "@/test/dossier-filings";
import { filingEntries, type DossierFilings } from "@/lib/calendar/filing-entries";
import { UpcomingDeadlinesCard } from "./upcoming-deadlines-card";

const now = new Date("2026-05-10T12:00:00Z");
const dossier = (companyId: string, dueDate: string): DossierFilings =>
  withDeadlines({
    requestId: `req_${companyId}`,
    snapshotAt: now,
    connection: null,
    countryCode: "GB",
    companyId,
    companyName: `Company ${companyId}`,
    caseReference: null,
    statutoryFilings: { accounts: { next: { dueDate } } },
    complianceFlags: undefined,
  });

describe("the upcoming deadlines card", () => {
  it("lists overdue filings, then those due soon, each linking to its company file, and links the calendar", () => {
    const entries = filingEntries([dossier("A", "2026-05-01"), dossier("B", "2026-05-20")], [], now);
    const html = renderToStaticMarkup(
      <UpcomingDeadlinesCard
        deadlines={{
          days: 30,
          overdue: { entries: entries.filter((e) => e.overdue), count: 12 },
          upcoming: { entries: entries.filter((e) => !e.overdue), count: 1 },
        }}
      />,
    );
    expect(html).toContain("12 overdue");
    expect(html).toContain("1 due in the next 30 days.");
    expect(html).toMatch(/<ul aria-label="Overdue filings".*2026-05-01.*href="\/companies\/GB\/A">Annual accounts: Company A \(GB A\)</);
    expect(html).toMatch(/<ul aria-label="Filings due in the next 30 days".*2026-05-20.*href="\/companies\/GB\/B"/);
    expect(html.indexOf("/companies/GB/A")).toBeLessThan(html.indexOf("/companies/GB/B"));
    expect(html).toContain('href="/calendar"');
    expect(html).toContain("Open the calendar (more deadlines there)");
  });

  it("says so when nothing falls due", () => {
    const html = renderToStaticMarkup(
      <UpcomingDeadlinesCard deadlines={{ days: 7, overdue: { entries: [], count: 0 }, upcoming: { entries: [], count: 0 } }} />,
    );
    expect(html).toContain("Nothing falls due in the next 7 days.");
    expect(html).not.toContain("overdue");
  });
});
