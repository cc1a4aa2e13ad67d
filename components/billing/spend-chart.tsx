import { cn } from "@/lib/cn.shared";
import type { HighUsageTier } from "@/lib/billing/effective-settings.shared";
import type { SpendSeries } from "@/lib/billing/spend-series";
import { label as vocabularyLabel } from "@/lib/vocabulary/words.shared";
import { creditAmount, creditsFromCents, utcDayMonth, utcDayMonthTime, windowWords } from "@/lib/vocabulary/units.shared";
import { spendScale } from "./spend-scale";
import { labelHeight, placeTierLabels } from "./spend-tier-labels";

/**
 * The windowed spend of one workspace (or all together) as a step line in credits, on a scale fitted to the data
 * (./spend-scale.ts), with its high-usage tiers as dashed lines, those far above the data named over the plot.
 * Rendered on the server: no chart code reaches the browser. The plot is an SVG stretched to the width it is given
 * (its lines keep their thickness); the words around it (amounts, dates, tier names) are page text at the page's own
 * size, so they stay readable on a phone, and the chart keeps one height at every width. A tier's name sits above
 * or under its line, on the side the spend line leaves clear (./spend-tier-labels.ts). Each day has a hover title with its
 * highest spend; the figure's accessible name says the highest spend and, per tier, whether the spend reached it.
 * The data attributes (`data-peak-cents`, `data-tier-cents`, `data-reached`, `data-scale-top`) state the same for tests.
 */

/** The plot's box inside the chart, in CSS pixels: the amounts to its left, the dates under it. */
export const plotBox = { left: 52, right: 8, top: 24, height: 168, bottom: 22 } as const;
/** The plot's width in the SVG's own units (stretched to whatever width the page gives it). */
const plotUnits = 1000;
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
  const x = (ms: number) => ((ms - startMs) / (endMs - startMs || 1)) * plotUnits;
  const y = (cents: number) => (1 - (cents - bottom) / (top - bottom)) * plotBox.height;
  const levels = peaks.map(y);
  // Each bucket's peak held flat across it: M to the first, then H (along) and V (up or down) for each next one.
  const at = (b: number) => x(startMs + b * bucketMs).toFixed(1);
  const step = `${levels.map((level, b) => (b ? `H${at(b)} V${level.toFixed(1)}` : `M${at(0)} ${level.toFixed(1)}`)).join(" ")} H${x(endMs).toFixed(1)}`;
  const windowText = windowWords(windowMinutes);
  const tierWords = sortedTiers.map(
    (t) => `${tierName(t.tier)} tier ${creditsFromCents(t.cents)} ${peak.cents >= t.cents ? "reached" : "not reached"}`,
  );
  const summary =
    `${label}: spend in any ${windowText} window from ${utcDayMonth(startMs)} to ${utcDayMonth(endMs)}; highest ${creditsFromCents(peak.cents)}` +
    (peak.cents > 0 ? ` on ${utcDayMonthTime(peak.atMs)} UTC` : "") +
    (tierWords.length ? `; ${tierWords.join("; ")}` : "");
  const days = Math.ceil((endMs - startMs) / dayMs);
  const bucketsPerDay = dayMs / bucketMs;
  const height = plotBox.top + plotBox.height + plotBox.bottom;
  // Each tier's name: by its line (or, above the scale, in a row at the plot's top), clear of the spend line.
  const places = placeTierLabels(
    levels,
    sortedTiers.map((t) => {
      const row = scale.tiersAbove.indexOf(t.tier);
      return row >= 0 ? { row } : { y: y(t.cents) };
    }),
    plotBox.height,
  );
  const tierLabels = sortedTiers.map((t, i) => ({ ...t, colour: tierColours[i], above: scale.tiersAbove.includes(t.tier), ...places[i]! }));

  return (
    <div
      role="img"
      aria-label={summary}
      className="relative w-full select-none text-xs text-foreground"
      style={{ height }}
      data-testid="spend-chart"
      data-peak-cents={peak.cents}
      data-current-cents={series.currentCents}
      data-window-minutes={windowMinutes}
      data-scale-top={top}
    >
      <span className="absolute left-0 top-0 text-muted-foreground">credits</span>
      {scale.ticks.map((tick) => (
        <span
          key={tick}
          className="absolute left-0 pr-1.5 text-right tabular-nums leading-4 text-muted-foreground"
          style={{ width: plotBox.left, top: plotBox.top + y(tick) - 8 }}
        >
          {creditAmount(tick / 100)}
        </span>
      ))}
      <div className="absolute" style={{ left: plotBox.left, right: plotBox.right, top: plotBox.top, height: plotBox.height }}>
        <svg viewBox={`0 0 ${plotUnits} ${plotBox.height}`} preserveAspectRatio="none" className="block h-full w-full overflow-visible">
          {scale.ticks.map((tick) => (
            <line
              key={tick}
              x1={0}
              x2={plotUnits}
              y1={y(tick)}
              y2={y(tick)}
              stroke="currentColor"
              strokeOpacity={tick ? 0.1 : 0.3}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {tierLabels
            .filter((t) => !t.above)
            .map((t) => (
              <line
                key={t.tier}
                className={t.colour}
                x1={0}
                x2={plotUnits}
                y1={y(t.cents)}
                y2={y(t.cents)}
                stroke="currentColor"
                strokeDasharray="6 4"
                vectorEffect="non-scaling-stroke"
              />
            ))}
          <path d={step} fill="none" stroke="currentColor" className="text-primary" strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
          {Array.from({ length: days }, (_, d) => {
            const from = startMs + d * dayMs;
            const dayPeaks = peaks.slice(Math.round(d * bucketsPerDay), Math.round((d + 1) * bucketsPerDay));
            return (
              <rect
                key={d}
                x={x(from)}
                y={0}
                width={Math.max(0, x(Math.min(endMs, from + dayMs)) - x(from))}
                height={plotBox.height}
                fill="transparent"
              >
                <title>{`${utcDayMonth(from)}: highest ${creditsFromCents(Math.max(0, ...dayPeaks))} in a ${windowText} window`}</title>
              </rect>
            );
          })}
        </svg>
        {tierLabels.map((t) => (
          <span
            key={t.tier}
            className={cn("pointer-events-none absolute whitespace-nowrap rounded-sm bg-background/85 px-1", t.colour)}
            style={{ top: t.top, lineHeight: `${labelHeight}px`, ...(t.side === "left" ? { left: 2 } : { right: 2 }) }}
            data-tier={t.tier}
            data-tier-cents={t.cents}
            data-reached={peak.cents >= t.cents ? "true" : "false"}
            data-above-scale={t.above ? "true" : undefined}
            data-side={t.side}
          >
            {t.above ? "↑ " : ""}
            {tierName(t.tier)} {creditsFromCents(t.cents)}
          </span>
        ))}
      </div>
      <span className="absolute bottom-0 text-muted-foreground" style={{ left: plotBox.left }}>
        {utcDayMonth(startMs)}
      </span>
      <span className="absolute bottom-0 text-muted-foreground" style={{ right: plotBox.right }}>
        {utcDayMonth(endMs)}
      </span>
    </div>
  );
}
