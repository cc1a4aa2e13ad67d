import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TimelineEvent } from "@/lib/portfolio/company-timeline";
import { CompanyTimeline } from "./company-timeline";

const event = (n: number, extra: Partial<TimelineEvent> = {}): TimelineEvent => ({
  id: `e${n}`,
  at: new Date(Date.UTC(2026, 0, 1, 0, 60 - n)),
  kind: "request",
  title: `Event ${n}`,
  ...extra,
});

const items = (html: string) => html.match(/<li /g)?.length ?? 0;

describe("the company timeline", () => {
  it("is an ordered list under its heading: each event's time, its title linked to where it is recorded, who and what", () => {
    const html = renderToStaticMarkup(
      <CompanyTimeline
        events={[
          event(1, {
            title: "First order (request req_1)",
            href: "/requests/req_1",
            who: "officer@example.com",
            detail: "Company profile · complete",
          }),
          event(2, { kind: "evidence_exported", title: "Company file's evidence pack exported", who: "auditor@example.com" }),
        ]}
        shown={50}
        wholeHref="?timeline=all#timeline"
      />,
    );
    expect(html).toMatch(
      /<section id="timeline" aria-labelledby="timeline-heading"[^>]*><h2 id="timeline-heading"[^>]*>Timeline<\/h2><ol /,
    );
    expect(html).toContain('<time dateTime="2026-01-01T00:59:00.000Z"');
    expect(html).toContain("2026-01-01 00:59 UTC");
    expect(html).toMatch(/<a [^>]*href="\/requests\/req_1"[^>]*>First order \(request req_1\)<\/a>/);
    expect(html).toContain(" by officer@example.com");
    expect(html).toContain("Company profile · complete");
    expect(html).toContain("Company file&#x27;s evidence pack exported");
    expect(items(html)).toBe(2);
    expect(html).not.toContain("Show the whole timeline");
  });

  it("shows the first `shown` events and links to the whole timeline when there are more", () => {
    const events = Array.from({ length: 51 }, (_, i) => event(i));
    const html = renderToStaticMarkup(<CompanyTimeline events={events} shown={50} wholeHref="?timeline=all#timeline" />);
    expect(items(html)).toBe(50);
    expect(html).toMatch(/<a [^>]*href="\?timeline=all#timeline"[^>]*>Show the whole timeline<\/a>/);
    // On the whole timeline: no link, a sentence when even that is cut.
    const whole = renderToStaticMarkup(<CompanyTimeline events={events} shown={50} />);
    expect(whole).not.toContain("Show the whole timeline");
    expect(whole).toContain("Showing the newest 50 events.");
  });

  it("says so when nothing has happened yet", () => {
    const html = renderToStaticMarkup(<CompanyTimeline events={[]} shown={50} wholeHref="?timeline=all" />);
    expect(html).not.toContain("<ol");
    expect(html).toContain("Nothing has happened to this company through this connection yet");
  });
});
