// Wording for the known values of the spec's open enums. Values missing here are shown as the API sent them.

export const complianceFlagLabels: Record<string, string> = {
  uboConfirmationOverdue: "UBO confirmation overdue",
  uboAdministrativeStrikingOff: "UBO administrative striking-off",
  accountsOverdue: "Accounts overdue",
  annualFilingOverdue: "Annual filing overdue",
  registeredCharges: "Registered charges",
  insolvencyHistory: "Insolvency history",
  liquidated: "Liquidated",
};

export const companyStatusLabels: Record<string, string> = {
  ACTIVE: "Active",
  UNDER_INSOLVENCY_PROCEEDING: "Under insolvency proceeding",
  INACTIVE_NOT_CLOSED: "Inactive, not closed",
  PENDING_DISSOLUTION: "Pending dissolution",
  CLOSED: "Closed",
  UNKNOWN: "Unknown",
};

export const riskLevelLabels: Record<string, string> = { low: "low", medium: "medium", high: "high", critical: "critical" };

export const taxIdVerificationLabels: Record<string, string> = {
  verified: "Verified",
  unverified: "Not verified",
  unavailable: "Verification unavailable",
};

export const corporateBodyLabels: Record<string, string> = {
  board: "Board",
  supervisoryBoard: "Supervisory board",
  management: "Management",
  audit: "Audit",
};

export const entityTypeLabels: Record<string, string> = { individual: "Individual", company: "Company" };

export const uboControlTypeLabels: Record<string, string> = {
  "ownership-of-shares": "Ownership of shares",
  "voting-rights": "Voting rights",
  "appoint-and-remove-directors": "Appoints and removes directors",
  "significant-influence-or-control": "Significant influence or control",
};

export const companyRelationLabels: Record<string, string> = {
  mergedFrom: "Merged from",
  mergedInto: "Merged into",
  acquired: "Acquired",
  acquiredBy: "Acquired by",
  demergedFrom: "Demerged from",
  demergedTo: "Demerged to",
  spunOffFrom: "Spun off from",
  spunOffTo: "Spun off to",
  assetTransferFrom: "Asset transfer from",
  assetTransferTo: "Asset transfer to",
  other: "Other",
};

export const trendLabels: Record<string, string> = {
  increasing: "increasing",
  decreasing: "decreasing",
  stable: "stable",
  improving: "improving",
  declining: "declining",
  unknown: "unknown",
};

export const insightCategoryLabels: Record<string, string> = {
  liquidity: "Liquidity",
  profitability: "Profitability",
  solvency: "Solvency",
  efficiency: "Efficiency",
  growth: "Growth",
  risk: "Risk",
};

export const documentSourceTypeLabels: Record<string, string> = {
  live_from_registry: "Live from the register",
  cached_from_registry: "Cached from the register",
  inferred: "Inferred",
  ai_analysis: "AI analysis",
  private_source: "Private source",
};

/**
 * An open-enum value: the known ones read through `labels`, anything else exactly as the API sent it
 * (the badge marks it, so a reader knows the console has no wording for it yet).
 */
export function enumText(value: string, labels: Readonly<Record<string, string>>): string {
  return Object.hasOwn(labels, value) ? labels[value]! : value;
}
