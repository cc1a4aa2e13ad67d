import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { windowedSpend } from "@/lib/billing/spend-series";
import { credits } from "@/lib/vocabulary/units.shared";
import { plotBox, SpendChart } from "./spend-chart";

const hour = 3_600_000;
const start = Date.parse("2026-03-01T00:00:00Z");
const range = { windowMinutes: 60, startMs: start, endMs: start + 30 * 24 * hour, buckets: 240 };

describe("SpendChart", () => {
  it("states the highest windowed spend and which tiers it reached, in its accessible name and data attributes", () => {
    const series = windowedSpend(
      [
        { atMs: start + 50 * hour, cents: 400 },
        { atMs: start + 50.5 * hour, cents: 200 },
      ],
      range,
    );
    const html = renderToStaticMarkup(
      <SpendChart
        label="Workspace paris"
        series={series}
        tiers={[
          { tier: "critical", cents: 1_000 },
          { tier: "warning", cents: 500 },
        ]}
      />,
    );
    expect(html).toContain('data-peak-cents="600"');
    expect(html).toMatch(/<span[^>]*data-tier="warning" data-tier-cents="500" data-reached="true"/);
    expect(html).toMatch(/<span[^>]*data-tier="critical" data-tier-cents="1000" data-reached="false"/);
    expect(html).toContain(
      `aria-label="Workspace paris: spend in any 1 hour window from 1 Mar to 31 Mar; highest ${credits(6)} on 3 Mar, 02:30 UTC; Warning tier ${credits(5)} reached; Critical tier ${credits(10)} not reached"`,
    );
    // One hover title per day, with that day's highest.
    expect(html.match(/<title>/g)).toHaveLength(30);
    expect(html).toContain(`<title>3 Mar: highest ${credits(6)} in a 1 hour window</title>`);
    // Scaled to the data: the critical tier, far above the spend, is named over the plot rather than squashing it.
    expect(html).toContain('data-scale-top="600"');
    expect(html).toMatch(/<span[^>]*data-tier="critical"[^>]*data-above-scale="true"/);
    expect(html).toContain(`↑ Critical ${credits(10)}`);
  });

  it("draws below the axis when a refund takes the window's sum under zero", () => {
    const series = windowedSpend([{ atMs: start + 5 * hour, cents: -300 }], range);
    const html = renderToStaticMarkup(<SpendChart label="Refunds" series={series} tiers={[]} />);
    const path = html.match(/<path d="([^"]+)"/)![1]!;
    const ys = [...path.matchAll(/M[\d.]+ (-?[\d.]+)|V(-?[\d.]+)/g)].map((m) => Number(m[1] ?? m[2]));
    expect(ys.length).toBeGreaterThan(2);
    // Every point stays inside the plot (from 0 to its height down the SVG).
    for (const y of ys) {
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(plotBox.height);
    }
  });

  it("keeps its words at the page's size and one height at every width: only the plot stretches", () => {
    const series = windowedSpend([{ atMs: start + 5 * hour, cents: 300 }], range);
    const html = renderToStaticMarkup(<SpendChart label="Any" series={series} tiers={[{ tier: "warning", cents: 400 }]} />);
    expect(html).toContain(`style="height:${plotBox.top + plotBox.height + plotBox.bottom}px"`);
    expect(html).toContain('preserveAspectRatio="none"');
    // No text inside the stretched SVG, where it would shrink with the width.
    expect(html.match(/<svg[\s\S]*<\/svg>/)![0]).not.toMatch(/<text/);
    expect(html).toMatch(new RegExp(`<span[^>]*data-tier="warning"[^>]*>Warning ${credits(4)}</span>`));
  });

  it("puts a tier's name on the side the spend line leaves clear", () => {
    const tiers = [{ tier: "first", cents: 500 }];
    // Spend past the tier early in the month: its name goes right; late in the month (the drawer's case), left.
    const early = windowedSpend([{ atMs: start + 2 * 24 * hour, cents: 600 }], { ...range, windowMinutes: 7 * 24 * 60 });
    const late = windowedSpend([{ atMs: start + 29.9 * 24 * hour, cents: 600 }], range);
    const side = (html: string) => html.match(/data-tier="first"[^>]*data-side="(left|right)"/)![1];
    expect(side(renderToStaticMarkup(<SpendChart label="Early" series={early} tiers={tiers} />))).toBe("right");
    expect(side(renderToStaticMarkup(<SpendChart label="Late" series={late} tiers={tiers} />))).toBe("left");
  });
});
