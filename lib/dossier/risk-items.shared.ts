import type { Company, ComplianceFlags, FinancialStatement } from "@/lib/registry/schemas.shared";
import { label } from "@/lib/vocabulary/words.shared";
import { formatDate } from "./display-formats.shared";

export type RiskItem = {
  key: string;
  text: string;
  severity: "high" | "medium" | "info";
  evidence: { tab: string; anchor: string; label: string };
};

const troubledStatuses = new Set(["UNDER_INSOLVENCY_PROCEEDING", "PENDING_DISSOLUTION", "CLOSED", "INACTIVE_NOT_CLOSED"]);

/** What a compliance officer should look at first, each item pointing at the part of the dossier that shows it. */
export function riskItems(company: Company | undefined, statements: FinancialStatement[]): RiskItem[] {
  const items: RiskItem[] = [];
  const flags: ComplianceFlags = company?.complianceFlags ?? {};
  for (const [name, flag] of Object.entries(flags)) {
    if (!flag || typeof flag !== "object" || !(flag as { active?: boolean }).active) continue;
    const f = flag as { since?: string; dueDate?: string; source?: string };
    const when = [f.since && `since ${formatDate(f.since)}`, f.dueDate && `due ${formatDate(f.dueDate)}`].filter(Boolean).join(", ");
    items.push({
      key: `flag-${name}`,
      severity: "high",
      text: `${label("complianceFlag", name)}${when ? ` (${when})` : ""}`,
      evidence: { tab: "overview", anchor: "compliance-flags", label: "Compliance flags" },
    });
  }
  const details = company?.status?.statusDetails;
  if (details?.status && details.status !== "ACTIVE") {
    const severity = troubledStatuses.has(details.status) ? "high" : "medium";
    items.push({
      key: "status",
      severity,
      text: `Status: ${label("companyStatus", details.status)}${details.closureReason ? ` (${label("closureReason", details.closureReason)})` : ""}`,
      evidence: { tab: "overview", anchor: "status", label: "Status" },
    });
  } else if (company?.status?.active === false) {
    items.push({
      key: "status",
      severity: "high",
      text: "The register reports the company as not active",
      evidence: { tab: "overview", anchor: "status", label: "Status" },
    });
  }
  const filings = company?.statutoryFilings;
  if (filings?.accounts?.next?.overdue)
    items.push({
      key: "accounts-overdue",
      severity: "high",
      text: `Accounts for ${filings.accounts.next.year ?? "the last period"} overdue (due ${formatDate(filings.accounts.next.dueDate) ?? "date not reported"})`,
      evidence: { tab: "overview", anchor: "filings", label: "Statutory filings" },
    });
  if (filings?.annualFiling?.next?.overdue)
    items.push({
      key: "annual-overdue",
      severity: "high",
      text: `Annual filing for ${filings.annualFiling.next.year ?? "the last period"} overdue (due ${formatDate(filings.annualFiling.next.dueDate) ?? "date not reported"})`,
      evidence: { tab: "overview", anchor: "filings", label: "Statutory filings" },
    });
  const latest = [...statements]
    .filter((s) => s.extractedFinancialData?.analysis?.overallRisk)
    .sort((a, b) => (b.period?.endDate?.year ?? 0) - (a.period?.endDate?.year ?? 0))[0];
  const risk = latest?.extractedFinancialData?.analysis?.overallRisk;
  if (latest && risk) {
    const severity = risk === "high" || risk === "critical" ? "high" : risk === "medium" ? "medium" : "info";
    items.push({
      key: "financial-risk",
      severity,
      text: `Financial analysis ${latest.period?.endDate?.year ?? ""}: overall risk ${label("riskLevel", risk)}`.replace("  ", " "),
      evidence: { tab: "financials", anchor: `statement-${latest.id}`, label: "Financials" },
    });
  }
  return items;
}
