import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AlertDetail } from "@/lib/alerts/alert-detail";
import { AlertView } from "./alert-view";

const at = new Date("2026-11-29T10:00:00Z");

function alert(monitorId: string): AlertDetail {
  return {
    id: 7,
    state: "new",
    categories: monitorId.startsWith("risk:") ? ["risk"] : ["address"],
    isTest: false,
    deactivation: false,
    connectionId: "c1",
    monitorId,
    countryCode: "GB",
    companyId: "HOOK-1",
    companyName: "Hook Ltd",
    caseReference: null,
    assignee: null,
    dueAt: at,
    openedAt: at,
    lastNotifiedAt: at,
    outcome: null,
    resolutionComment: null,
    resolvedAt: null,
    resolvedBy: null,
    changeRequestId: null,
    notifications: [],
    people: {},
    timeline: [
      {
        id: 1,
        kind: "risk_increased",
        actorEmail: "risk model (re-rating)",
        actorName: null,
        at,
        details: { from: "low", to: "high", score: 65, modelVersion: 2, reasons: ["Liquidated (Company profile, as of 1 Nov 2026): +40."] },
      },
    ],
  };
}

const render = (detail: AlertDetail) =>
  renderToStaticMarkup(
    <AlertView
      alert={detail}
      due={{ text: "Due in 2 days", tone: "ok" }}
      users={[]}
      viewer={{ id: "u1", email: "a@example.com", name: "Ann" }}
      canTriage
      change={async () => ({ ok: false, code: "x", error: "x" })}
    />,
  );

describe("a risk alert's page", () => {
  it("says what rose and why, links the company file, and offers no monitor-only action", () => {
    const html = render(alert("risk:GB:HOOK-1"));
    expect(html).toContain("Risk rating increased from Low to High: Liquidated (Company profile, as of 1 Nov 2026): +40.");
    expect(html).toContain("by risk model (re-rating)");
    expect(html).toContain('href="/companies/GB/HOOK-1"');
    expect(html).not.toContain("See what changed");
    expect(html).not.toContain("/monitors/");
    expect(html).not.toContain("Notifications (");
    expect(html).toContain("Comment &amp; resolve");
  });

  it("keeps a monitor's alert as it was", () => {
    const html = render(alert("mon_1"));
    expect(html).toContain("See what changed");
    expect(html).toContain('href="/monitors/mon_1"');
    expect(html).toContain("Notifications (0)");
  });
});
