import type { HighUsageTier } from "@/lib/billing/effective-settings";
import type { SpendSeries } from "@/lib/billing/spend-series";
import { label as vocabularyLabel } from "@/lib/vocabulary/words";
import { creditAmount, creditsFromCents, windowWords } from "@/lib/vocabulary/units";
import { utcDay, utcMoment } from "./spend-dates";
import { spendScale } from "./spend-scale";

/**
 * The windowed spend of one workspace (or all together) as a step line in credits, on a scale fitted to the data
 * (./spend-scale.ts), with its high-usage tiers as horizontal lines, those far above the data named over the
 * plot. SVG rendered on the server: no chart code reaches the browser. Each day has a hover title with its highest
 * spend; the figure's accessible name says the highest spend and, per tier, whether the spend reached it. The
 * data attributes (`data-peak-cents`, `data-tier-cents`, `data-reached`, `data-scale-top`) state the same for tests.
 */

const width = 720;
const height = 200;
const pad = { left: 56, right: 16, top: 12, bottom: 24 };
const plotWidth = width - pad.left - pad.right;
const plotHeight = height - pad.top - pad.bottom;
const dayMs = 86_400_000;

/** Tier lines in the order of their amounts, coloured from mild to severe. */
const tierColours = ["text-warning", "text-destructive", "text-destructive", "text-destructive", "text-destructive"];

export function SpendChart({ label, series, tiers }: { label: string; series: SpendSeries; tiers: readonly HighUsageTier[] }) {
  const { peaks, startMs, endMs, bucketMs, windowMinutes, peak } = series;
  const sortedTiers = [...tiers].sort((a, b) => a.cents - b.cents);
  // A refund with its charge outside the window takes the sum below zero.
  const scale = spendScale(peaks, sortedTiers);
  const { top, bottom } = scale;
  const tierName = (tier: string) => vocabularyLabel("billingTier", tier);
  const x = (ms: number) => pad.left + ((ms - startMs) / (endMs - startMs || 1)) * plotWidth;
  const y = (cents: number) => pad.top + (1 - (cents - bottom) / (top - bottom)) * plotHeight;
  // Each bucket's peak held flat across it: M to the first, then H (along) and V (up or down) for each next one.
  const at = (b: number) => x(startMs + b * bucketMs).toFixed(1);
  const step = `${peaks.map((cents, b) => (b ? `H${at(b)} V${y(cents).toFixed(1)}` : `M${at(0)} ${y(cents).toFixed(1)}`)).join(" ")} H${x(endMs).toFixed(1)}`;
  const windowText = windowWords(windowMinutes);
  const tierWords = sortedTiers.map(
    (t) => `${tierName(t.tier)} tier ${creditsFromCents(t.cents)} ${peak.cents >= t.cents ? "reached" : "not reached"}`,
  );
  const summary =
    `${label}: spend in any ${windowText} window from ${utcDay(startMs)} to ${utcDay(endMs)}; highest ${creditsFromCents(peak.cents)}` +
    (peak.cents > 0 ? ` on ${utcMoment(peak.atMs)} UTC` : "") +
    (tierWords.length ? `; ${tierWords.join("; ")}` : "");
  const days = Math.ceil((endMs - startMs) / dayMs);
  const bucketsPerDay = dayMs / bucketMs;

  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full text-foreground"
      role="img"
      aria-label={summary}
      data-testid="spend-chart"
      data-peak-cents={peak.cents}
      data-current-cents={series.currentCents}
      data-window-minutes={windowMinutes}
      data-scale-top={top}
    >
      <text x={4} y={pad.top - 2} fontSize={10} fill="currentColor">
        credits
      </text>
      {scale.ticks.map((tick) => (
        <g key={tick}>
          <line x1={pad.left} x2={pad.left + plotWidth} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={tick ? 0.1 : 0.3} />
          <text x={pad.left - 6} y={y(tick) + 4} fontSize={10} textAnchor="end" fill="currentColor">
            {creditAmount(tick / 100)}
          </text>
        </g>
      ))}
      <text x={pad.left} y={height - 6} fontSize={10} fill="currentColor">
        {utcDay(startMs)}
      </text>
      <text x={pad.left + plotWidth} y={height - 6} fontSize={10} textAnchor="end" fill="currentColor">
        {utcDay(endMs)}
      </text>
      <path d={step} fill="none" stroke="currentColor" className="text-primary" strokeWidth={1.5} />
      {sortedTiers.map((t, i) => {
        const aboveIndex = scale.tiersAbove.indexOf(t.tier);
        return (
          <g
            key={t.tier}
            className={tierColours[i]}
            data-tier={t.tier}
            data-tier-cents={t.cents}
            data-reached={peak.cents >= t.cents ? "true" : "false"}
            data-above-scale={aboveIndex >= 0 ? "true" : undefined}
          >
            {aboveIndex >= 0 ? (
              // Inside the plot's top right corner, so a long amount is never cut at the figure's edge.
              <text x={pad.left + plotWidth - 4} y={pad.top + 10 + aboveIndex * 12} fontSize={10} textAnchor="end" fill="currentColor">
                ↑ {tierName(t.tier)} {creditsFromCents(t.cents)}
              </text>
            ) : (
              <>
                <line x1={pad.left} x2={pad.left + plotWidth} y1={y(t.cents)} y2={y(t.cents)} stroke="currentColor" strokeDasharray="6 4" />
                <text x={pad.left + plotWidth - 4} y={y(t.cents) - 4} fontSize={10} textAnchor="end" fill="currentColor">
                  {tierName(t.tier)} {creditsFromCents(t.cents)}
                </text>
              </>
            )}
          </g>
        );
      })}
      {Array.from({ length: days }, (_, d) => {
        const from = startMs + d * dayMs;
        const dayPeaks = peaks.slice(Math.round(d * bucketsPerDay), Math.round((d + 1) * bucketsPerDay));
        return (
          <rect
            key={d}
            x={x(from)}
            y={pad.top}
            width={Math.max(0, x(Math.min(endMs, from + dayMs)) - x(from))}
            height={plotHeight}
            fill="transparent"
          >
            <title>{`${utcDay(from)}: highest ${creditsFromCents(Math.max(0, ...dayPeaks))} in a ${windowText} window`}</title>
          </rect>
        );
      })}
    </svg>
  );
}
