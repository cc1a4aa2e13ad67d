/** The financial analysis' ratios, in reading order, with how each is written. */
export const ratioLabels: { key: string; label: string; percent: boolean }[] = [
  { key: "currentRatio", label: "Current ratio", percent: false },
  { key: "quickRatio", label: "Quick ratio", percent: false },
  { key: "debtToEquity", label: "Debt to equity", percent: false },
  { key: "netProfitMargin", label: "Net profit margin", percent: true },
  { key: "returnOnEquity", label: "Return on equity", percent: true },
  { key: "revenueGrowth", label: "Revenue growth", percent: true },
];
