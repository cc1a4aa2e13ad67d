"use client";

import dynamic from "next/dynamic";
import type { CompanyResponse, FinancialStatement } from "@/lib/registry/schemas.shared";
import { Badge } from "@/components/ui/badge";
import { DossierSection, Fact, FactGrid, NotReported } from "./not-reported";
import { EnumBadge } from "./enum-value";
import { label } from "@/lib/vocabulary/words.shared";
import { formatNumber } from "@/lib/dossier/display-formats.shared";
import { ratioLabels } from "./ratio-labels";
import { snapshotFinancialStatements } from "@/lib/dossier/snapshot-documents.shared";
import type { RatioSeriesPoint } from "./ratio-chart";

const RatioChart = dynamic(() => import("./ratio-chart"), {
  ssr: false,
  loading: () => <p className="text-sm text-muted-foreground">Loading the chart…</p>,
});

function periodText(statement: FinancialStatement): string | undefined {
  const date = (d: { year?: number; month?: number; day?: number } | undefined) =>
    d?.year && [d.year, d.month && String(d.month).padStart(2, "0"), d.day && String(d.day).padStart(2, "0")].filter(Boolean).join("-");
  const start = date(statement.period?.startDate);
  const end = date(statement.period?.endDate);
  if (start || end) return `${start || "?"} to ${end || "?"}`;
  const fiscal = statement.extractedFinancialData?.fiscalYear;
  return fiscal === undefined ? undefined : typeof fiscal === "object" ? JSON.stringify(fiscal) : `Fiscal year ${fiscal}`;
}

function statementYear(statement: FinancialStatement): number | undefined {
  const year = statement.period?.endDate?.year ?? Number(statement.extractedFinancialData?.fiscalYear);
  return Number.isFinite(year) ? year : undefined;
}

function riskVariant(level: string | undefined) {
  return level === "high" || level === "critical" ? "destructive" : level === "medium" ? "warning" : "secondary";
}

function StatementCard({ statement }: { statement: FinancialStatement }) {
  const data = statement.extractedFinancialData!;
  const analysis = data.analysis;
  const ratios = (analysis?.ratios ?? {}) as Record<string, number | null | undefined>;
  return (
    <DossierSection title={statement.nameInEnglish ?? statement.name ?? `Statement ${statement.id}`} id={`statement-${statement.id}`}>
      <FactGrid>
        <Fact label="Period" value={periodText(statement)} />
        <Fact label="Accounting standard" value={data.accountingStandard} />
        <Fact label="Statement type" value={data.statementType} />
        <Fact label="Currency" value={data.currency} />
        <Fact
          label="Health score"
          value={analysis?.healthScore !== undefined ? `${formatNumber(analysis.healthScore)} / 100` : undefined}
        />
        <Fact label="Overall risk">
          {analysis?.overallRisk ? (
            <EnumBadge value={analysis.overallRisk} kind="riskLevel" variant={riskVariant(analysis.overallRisk)} />
          ) : null}
        </Fact>
      </FactGrid>
      {analysis?.summary && <p className="text-sm [overflow-wrap:anywhere]">{analysis.summary}</p>}
      <div className="overflow-x-auto">
        <table className="w-full min-w-0 text-sm" aria-label="Ratios">
          <tbody>
            {ratioLabels.map(({ key, label, percent }) => {
              const value = ratios[key];
              return (
                <tr key={key} className="border-b last:border-0">
                  <th scope="row" className="py-1 pr-3 text-left font-normal text-muted-foreground">
                    {label}
                  </th>
                  <td className="py-1 text-right tabular-nums">
                    {typeof value === "number" ? percent ? `${formatNumber(value)} %` : formatNumber(value) : <NotReported />}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <FactGrid>
        <Fact label="Revenue trend" value={analysis?.trends?.revenueDirection && label("trend", analysis.trends.revenueDirection)} />
        <Fact
          label="Profitability trend"
          value={analysis?.trends?.profitabilityDirection && label("trend", analysis.trends.profitabilityDirection)}
        />
        <Fact label="Debt trend" value={analysis?.trends?.debtDirection && label("trend", analysis.trends.debtDirection)} />
      </FactGrid>
      <div className="space-y-1">
        <h3 className="text-sm font-medium">Insights</h3>
        {analysis?.insights?.length ? (
          <ul className="divide-y rounded-md border">
            {analysis.insights.map((insight, index) => (
              <li key={index} className="space-y-1 px-3 py-2 text-sm">
                <span className="flex flex-wrap items-center gap-2">
                  {insight.category && <EnumBadge value={insight.category} kind="insightCategory" />}
                  {insight.riskLevel && <EnumBadge value={insight.riskLevel} kind="riskLevel" variant={riskVariant(insight.riskLevel)} />}
                  <span className="font-medium [overflow-wrap:anywhere]">{insight.title ?? "Untitled insight"}</span>
                  {insight.metricValue !== undefined && <Badge variant="outline">{String(insight.metricValue)}</Badge>}
                </span>
                {insight.description && <span className="block [overflow-wrap:anywhere]">{insight.description}</span>}
                {insight.recommendation && (
                  <span className="block text-muted-foreground [overflow-wrap:anywhere]">Recommendation: {insight.recommendation}</span>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <NotReported />
        )}
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact label="Strengths">
          {analysis?.strengths?.length ? (
            <ul className="list-inside list-disc">
              {analysis.strengths.map((s, i) => (
                <li key={i}>{s}</li>
              ))}
            </ul>
          ) : null}
        </Fact>
        <Fact label="Concerns">
          {analysis?.concerns?.length ? (
            <ul className="list-inside list-disc">
              {analysis.concerns.map((s, i) => (
                <li key={i}>{s}</li>
              ))}
            </ul>
          ) : null}
        </Fact>
      </dl>
    </DossierSection>
  );
}

/** Each delivered financial statement's extracted data and analysis; a chart of ratios when there are several years. */
export function FinancialsTab({ snapshot }: { snapshot: CompanyResponse | null }) {
  const statements = snapshotFinancialStatements(snapshot);
  if (statements.length === 0) {
    return (
      <p className="rounded-md border p-4 text-sm text-muted-foreground">
        No financial statement with extracted data in this snapshot: order financial statements from the Documents tab to see an analysis
        here.
      </p>
    );
  }
  const points: RatioSeriesPoint[] = statements.flatMap((s) => {
    const year = statementYear(s);
    return year === undefined ? [] : [{ year, ratios: (s.extractedFinancialData?.analysis?.ratios ?? {}) as RatioSeriesPoint["ratios"] }];
  });
  return (
    <div className="min-w-0 space-y-4">
      {new Set(points.map((p) => p.year)).size > 1 && (
        <DossierSection title="Ratios across years" id="ratio-chart">
          <RatioChart points={points} />
        </DossierSection>
      )}
      {statements.map((statement) => (
        <StatementCard key={statement.id} statement={statement} />
      ))}
    </div>
  );
}
