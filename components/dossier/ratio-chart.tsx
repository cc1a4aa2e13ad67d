"use client";

import { ratioLabels } from "./ratio-labels";

export type RatioSeriesPoint = { year: number; ratios: Record<string, number | null | undefined> };

const colors = ["#2563eb", "#16a34a", "#dc2626", "#9333ea", "#ea580c", "#0891b2"];

/** Each ratio across the statements' years, one small line chart per ratio (hand-rolled SVG, no chart library). */
export default function RatioChart({ points }: { points: RatioSeriesPoint[] }) {
  const sorted = [...points].sort((a, b) => a.year - b.year);
  const width = 260;
  const height = 110;
  const pad = { left: 36, right: 8, top: 8, bottom: 20 };
  return (
    <div className="grid min-w-0 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="ratio-chart">
      {ratioLabels.map(({ key, label }, index) => {
        const series = sorted
          .filter((p) => typeof p.ratios[key] === "number")
          .map((p) => ({ year: p.year, value: p.ratios[key] as number }));
        if (series.length < 2) return null;
        const values = series.map((p) => p.value);
        const min = Math.min(...values, 0);
        const max = Math.max(...values);
        const span = max - min || 1;
        const years = series.map((p) => p.year);
        const x = (year: number) => pad.left + ((year - years[0]!) / (years.at(-1)! - years[0]! || 1)) * (width - pad.left - pad.right);
        const y = (value: number) => pad.top + (1 - (value - min) / span) * (height - pad.top - pad.bottom);
        const path = series.map((p, i) => `${i ? "L" : "M"}${x(p.year).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ");
        return (
          <figure key={key} className="min-w-0 rounded-md border p-2">
            <figcaption className="text-xs font-medium">{label}</figcaption>
            <svg
              viewBox={`0 0 ${width} ${height}`}
              className="h-auto w-full"
              role="img"
              aria-label={`${label}: ${series.map((p) => `${p.year} ${p.value}`).join(", ")}`}
            >
              <line x1={pad.left} x2={width - pad.right} y1={y(0)} y2={y(0)} stroke="currentColor" strokeOpacity={0.2} />
              <text x={pad.left - 4} y={y(max) + 4} fontSize={9} textAnchor="end" fill="currentColor">
                {max.toFixed(2)}
              </text>
              <text x={pad.left - 4} y={y(min) + 4} fontSize={9} textAnchor="end" fill="currentColor">
                {min.toFixed(2)}
              </text>
              <path d={path} fill="none" stroke={colors[index % colors.length]} strokeWidth={2} />
              {series.map((p) => (
                <g key={p.year}>
                  <circle cx={x(p.year)} cy={y(p.value)} r={3} fill={colors[index % colors.length]} />
                  <text x={x(p.year)} y={height - 6} fontSize={9} textAnchor="middle" fill="currentColor">
                    {p.year}
                  </text>
                </g>
              ))}
            </svg>
          </figure>
        );
      })}
    </div>
  );
}
