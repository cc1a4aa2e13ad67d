// Financial statements with extracted data: income statement, balance sheet and an analysis (health
// score, risk, ratios, insights, strengths, concerns, trends), over several years so a chart is possible.
// Ratios: currentRatio, quickRatio and debtToEquity are plain ratios; netProfitMargin, returnOnEquity
// and revenueGrowth are percentages.
import type { ExtractedFinancialData, FinancialAnalysis } from "../../lib/registry/schemas.shared";
import type { Rng } from "./random";
import { round2 } from "./values";

export interface YearFigures {
  year: number;
  revenue: number;
  costOfSales: number;
  operatingExpenses: number;
  netIncome: number;
  currentAssets: number;
  inventory: number;
  cash: number;
  nonCurrentAssets: number;
  currentLiabilities: number;
  nonCurrentLiabilities: number;
  equity: number;
}

/** `years` consecutive years of figures ending with `lastYear`, oldest first. */
export function financialSeries(rng: Rng, lastYear: number, years: number, scale: number): YearFigures[] {
  let revenue = scale * rng.float(0.5, 5, 4);
  let equity = revenue * rng.float(0.2, 0.8, 4);
  const trend = rng.float(-0.08, 0.15, 4);
  const series: YearFigures[] = [];
  for (let year = lastYear - years + 1; year <= lastYear; year++) {
    revenue = Math.max(scale * 0.05, revenue * (1 + trend + rng.float(-0.06, 0.06, 4)));
    const margin = rng.float(-0.04, 0.14, 4);
    const netIncome = revenue * margin;
    equity = Math.max(revenue * 0.05, equity + netIncome * 0.6);
    const totalAssets = equity + revenue * rng.float(0.3, 1.1, 4);
    const currentAssets = totalAssets * rng.float(0.35, 0.7, 4);
    const currentLiabilities = (totalAssets - equity) * rng.float(0.4, 0.8, 4);
    series.push({
      year,
      revenue: Math.round(revenue),
      costOfSales: Math.round(revenue * rng.float(0.4, 0.7, 4)),
      operatingExpenses: Math.round(revenue * rng.float(0.15, 0.3, 4)),
      netIncome: Math.round(netIncome),
      currentAssets: Math.round(currentAssets),
      inventory: Math.round(currentAssets * rng.float(0.1, 0.4, 4)),
      cash: Math.round(currentAssets * rng.float(0.1, 0.4, 4)),
      nonCurrentAssets: Math.round(totalAssets - currentAssets),
      currentLiabilities: Math.round(currentLiabilities),
      nonCurrentLiabilities: Math.round(totalAssets - equity - currentLiabilities),
      equity: Math.round(equity),
    });
  }
  return series;
}

type Risk = "low" | "medium" | "high" | "critical";
type Direction<T extends string> = T | "stable" | "unknown";

function ratios(current: YearFigures, previous: YearFigures | undefined) {
  const liabilities = current.currentLiabilities + current.nonCurrentLiabilities;
  return {
    currentRatio: round2(current.currentAssets / current.currentLiabilities),
    quickRatio: round2((current.currentAssets - current.inventory) / current.currentLiabilities),
    debtToEquity: round2(liabilities / current.equity),
    netProfitMargin: round2((current.netIncome / current.revenue) * 100),
    returnOnEquity: round2((current.netIncome / current.equity) * 100),
    revenueGrowth: previous ? round2(((current.revenue - previous.revenue) / previous.revenue) * 100) : null,
  };
}

const riskOf = (score: number): Risk => (score >= 70 ? "low" : score >= 50 ? "medium" : score >= 30 ? "high" : "critical");

function insight(category: string, title: string, value: number, risk: Risk, good: string, bad: string, recommendation: string) {
  return { category, title, description: risk === "low" ? good : bad, riskLevel: risk, metricValue: value, recommendation };
}

function direction(now: number, before: number | undefined, up: string, down: string, tolerance: number): string {
  if (before === undefined) return "unknown";
  if (now > before + tolerance) return up;
  if (now < before - tolerance) return down;
  return "stable";
}

export function analyse(current: YearFigures, previous: YearFigures | undefined, currency: string): FinancialAnalysis {
  const r = ratios(current, previous);
  const prev = previous ? ratios(previous, undefined) : undefined;
  const liquidity: Risk = r.currentRatio >= 1.5 ? "low" : r.currentRatio >= 1 ? "medium" : "high";
  const profitability: Risk =
    r.netProfitMargin >= 8 ? "low" : r.netProfitMargin >= 2 ? "medium" : r.netProfitMargin >= 0 ? "high" : "critical";
  const solvency: Risk = r.debtToEquity <= 1 ? "low" : r.debtToEquity <= 2 ? "medium" : "high";
  const growth: Risk = r.revenueGrowth === null ? "medium" : r.revenueGrowth >= 3 ? "low" : r.revenueGrowth >= -3 ? "medium" : "high";
  const points: Record<Risk, number> = { low: 25, medium: 16, high: 8, critical: 0 };
  const healthScore = points[liquidity] + points[profitability] + points[solvency] + points[growth];
  const insights = [
    insight(
      "liquidity",
      "Short-term liquidity",
      r.currentRatio,
      liquidity,
      "Current assets comfortably cover short-term liabilities.",
      "Current assets barely cover short-term liabilities.",
      "Monitor working capital and payment terms.",
    ),
    insight(
      "profitability",
      "Net profit margin",
      r.netProfitMargin,
      profitability,
      "The company converts a healthy share of revenue into profit.",
      "Margins are thin or negative.",
      "Review cost structure and pricing.",
    ),
    insight(
      "solvency",
      "Leverage",
      r.debtToEquity,
      solvency,
      "Liabilities are moderate relative to equity.",
      "Liabilities are high relative to equity.",
      "Check debt maturities and covenants.",
    ),
    insight(
      "growth",
      "Revenue growth",
      r.revenueGrowth ?? 0,
      growth,
      "Revenue is growing.",
      "Revenue is flat or shrinking.",
      "Compare with sector growth before extending credit.",
    ),
  ];
  const overallRisk = riskOf(healthScore);
  return {
    summary: `Fiscal year ${current.year}: revenue ${currency} ${current.revenue.toLocaleString("en-US")}, net income ${currency} ${current.netIncome.toLocaleString("en-US")}; overall risk ${overallRisk}.`,
    narrativeAnalysis: `Health score ${healthScore}/100. ${insights.map((i) => i.description).join(" ")}`,
    healthScore,
    overallRisk,
    ratios: r,
    insights,
    strengths: insights.filter((i) => i.riskLevel === "low").map((i) => i.title),
    concerns: insights.filter((i) => i.riskLevel === "high" || i.riskLevel === "critical").map((i) => i.title),
    trends: {
      revenueDirection: direction(
        current.revenue,
        previous?.revenue,
        "increasing",
        "decreasing",
        (previous?.revenue ?? 0) * 0.02,
      ) as Direction<"increasing" | "decreasing">,
      profitabilityDirection: direction(r.netProfitMargin, prev?.netProfitMargin, "improving", "declining", 0.5),
      debtDirection: direction(r.debtToEquity, prev?.debtToEquity, "increasing", "decreasing", 0.05),
    },
  };
}

export function extractedData(
  current: YearFigures,
  previous: YearFigures | undefined,
  currency: string,
  standard: string,
  consolidated: boolean,
): ExtractedFinancialData {
  const totalAssets = current.currentAssets + current.nonCurrentAssets;
  return {
    fiscalYear: current.year,
    approvalDate: `${current.year + 1}-0${(current.year % 3) + 4}-15`,
    currency,
    accountingStandard: standard,
    statementType: consolidated ? "consolidated" : "simplified",
    analysis: analyse(current, previous, currency),
    incomeStatement: {
      revenue: current.revenue,
      costOfSales: current.costOfSales,
      grossProfit: current.revenue - current.costOfSales,
      operatingExpenses: current.operatingExpenses,
      operatingIncome: current.revenue - current.costOfSales - current.operatingExpenses,
      netIncome: current.netIncome,
    },
    balanceSheet: {
      totalAssets,
      currentAssets: current.currentAssets,
      inventory: current.inventory,
      cashAndEquivalents: current.cash,
      nonCurrentAssets: current.nonCurrentAssets,
      totalLiabilities: current.currentLiabilities + current.nonCurrentLiabilities,
      currentLiabilities: current.currentLiabilities,
      nonCurrentLiabilities: current.nonCurrentLiabilities,
      equity: current.equity,
    },
  };
}
