/**
 * The console's one vocabulary: every name of the registry API (and of the console's own stored values) that a
 * person can meet, in words. Each kind maps a value to a short label and, where the label needs it, a one-line
 * explanation. Pages show `label(kind, value)` (or `words()` for the explanation too); the value itself may
 * appear only inside a "Technical details" disclosure. A value this console has no words for is still shown,
 * as sent, marked unknown (`known: false`): the API is additive. Pure.
 */

/** A value's words: a label, and one sentence when the label alone is not enough. */
export type Entry = { label: string; explanation?: string };

type Table = Readonly<Record<string, string | Entry>>;

const datapoint = {
  company: "Company profile",
  companyProfile: { label: "Company profile (older format)", explanation: "The registry's earlier name for the company profile." },
  legalRepresentatives: "Legal representatives",
  otherKeyPersons: "Other key persons",
  establishments: "Establishments",
  ultimateBeneficialOwners: "Ultimate beneficial owners",
  shareholders: "Shareholders",
  subsidiaries: "Subsidiaries",
  graph: "Ownership graph",
  availableDocuments: "List of available documents",
  companyRelationships: "Related companies",
} as const satisfies Table;

const documentType = {
  tradeRegisterExtract: "Trade register extract",
  certifiedTradeRegisterExtract: "Certified trade register extract",
  tradeRegisterHistory: "Trade register history",
  lastFiscalYearFinancialStatement: "Financial statement of the last fiscal year",
  mostCompleteArticleOfAssociation: "Articles of association (most complete)",
  certificateOfGoodStanding: "Certificate of good standing",
  financialStatements: "Financial statements",
  articlesOfAssociation: "Articles of association",
  ultimateBeneficialOwnersCertificate: "Beneficial owners certificate",
  otherDocuments: "Other documents",
  officialPublications: "Official publications",
  annualReturns: "Annual returns",
  financial_statement: "Financial statement",
  uncertified_trade_register_extract: "Trade register extract (uncertified)",
  certified_trade_register_extract: "Certified trade register extract",
  ubo_extract: "Beneficial owners extract",
  trade_register_history: "Trade register history",
  official_publication: "Official publication",
  annual_return: "Annual return",
  certificate_of_good_standing: "Certificate of good standing",
  unknown: "Document of unknown type",
  other: "Other document",
} as const satisfies Table;

const documentSource = {
  live_from_registry: "Live from the register",
  cached_from_registry: "Cached from the register",
  inferred: "Inferred",
  ai_analysis: "AI analysis",
  private_source: "Private source",
} as const satisfies Table;

const dataStatus = {
  succeeded: "Delivered",
  in_progress: "In progress",
  enriching: { label: "Enriching", explanation: "A first result is in; the registry is still adding to it." },
  failed: "Failed",
} as const satisfies Table;

const errorCode = {
  // The registry's codes (spec, `errorCodes` in lib/registry/schemas.shared.ts).
  invalid_request: {
    label: "The registry refused the request as invalid",
    explanation: "Something sent did not match what the registry accepts.",
  },
  service_unavailable: { label: "The registry is unavailable", explanation: "Try again in a moment." },
  source_unavailable: {
    label: "The register is unavailable",
    explanation: "The official register behind this country did not answer; try again later.",
  },
  datapoint_not_applicable: {
    label: "Not applicable to this company",
    explanation: "The register holds no such data for this kind of company. Nothing was charged.",
  },
  datapoint_not_supported: {
    label: "Not offered for this country",
    explanation: "This register does not provide it. Nothing was charged.",
  },
  no_document_available: { label: "No document available", explanation: "The register has no such document for this company." },
  insufficient_funds: { label: "Not enough credits", explanation: "The account's balance does not cover this order." },
  onboarding_timeout: { label: "Onboarding took too long", explanation: "The register did not answer in time." },
  budget_exceeded: { label: "Above the spend cap", explanation: "The price is higher than the cap set for this order." },
  rate_limited: { label: "Too many requests", explanation: "The registry asks to wait before trying again." },
  resource_not_found: { label: "Not found at the registry" },
  processing_failed: { label: "The registry could not process it" },
  fast_source_unavailable: { label: "The fast source is unavailable", explanation: "Try again, or order without the fast source." },
  // The console's own codes (route handlers: lib/http/error-status.ts; server actions).
  invalid_input: "Some fields need correcting",
  unauthenticated: "You are signed out",
  deactivated: "This account is deactivated",
  forbidden: "Your role does not allow this",
  password_change_required: "Choose a new password first",
  not_found: "Not found",
  document_not_found: "Document not found",
  no_connection: { label: "No registry connection", explanation: "An admin needs to add a registry connection first." },
  connection_key_unreadable: { label: "The connection's key cannot be read", explanation: "An admin needs to enter the API key again." },
  document_not_delivered: "The document is not delivered yet",
  request_not_delivered: "Nothing delivered yet for this request",
  upstream: "The registry answered with an error",
  document_url_refused: "The document's address was refused",
  document_too_large: "The document is too large",
  download_failed: "The download failed",
  document_timeout: "The document took too long to arrive",
  outcome_unknown: {
    label: "The outcome is not known",
    explanation: "The registry did not confirm; check the request list before trying again.",
  },
  network_error: "The registry could not be reached",
  bad_response: "The registry sent an answer this console cannot read",
  timeout: "The registry took too long to answer",
  already_pending: "A change like this is already waiting for approval",
  approver_too_new: "Your role or password changed after this was asked for",
  same_admin: "A second admin must approve this",
  request_mismatch: "This belongs to another request",
  price_changed: "The price changed: check it and confirm again",
  cost_changed: "The cost changed: check it and confirm again",
  requoted: "The price was quoted again",
  last_admin: "The last admin cannot be removed",
  invalid_signature: "The signature does not match",
  already_ordered: "Already ordered",
  unknown_connection: "Unknown connection",
  reentry_required: "Enter it again",
  not_simulator: "Only the simulator offers this",
  not_sandbox: "Only a sandbox connection offers this",
  already_decided: "Already decided",
  unexpected_redirect: "The registry answered with an unexpected redirect",
  refused: "Refused",
  name_taken: "That name is taken",
  invalid_change: "This change cannot be made",
  conflict: "Conflicts with what the registry already holds",
  wrong_password: "Wrong password",
  workspace_not_found: "Workspace not found",
  unchanged: "Nothing changed",
  ubo_not_off: "Beneficial owner access is not off",
  ubo_left_on: "Beneficial owner access stayed on",
  registry_unavailable: "The registry is unavailable",
  reason_required: "Give a reason",
  payload_too_large: "Too large",
  not_recorded: "Not recorded",
  not_offered: "Not offered",
  not_held: "Not held",
  internal_error: "Something went wrong in the console",
  https_required: "The address must start with https",
  email_taken: "That email address is taken",
  dual_control_required: "A second admin must approve this",
  credentials_required: "Credentials are needed first",
  busy: "Busy: try again in a moment",
  body_timeout: "The answer took too long to arrive",
  approved_elsewhere: "Already approved elsewhere",
  upstream_unavailable: "The registry is unavailable",
  self: "You cannot do this to your own account",
  same_password: "Choose a password different from the current one",
  not_retryable: "This cannot be retried",
  not_orderable: "This cannot be ordered",
  connection_gone: "The connection no longer exists",
  simulator_unreachable: "The simulator cannot be reached",
  sso_email_unverified: "Your identity provider has not verified your email address",
  sso_subject_mismatch: "This email address is linked to another sign-in",
} as const satisfies Table;

const cap = {
  maxBudget: { label: "Spend cap for the whole request", explanation: "The registry stops before spending more than this." },
  profileMaxBudget: "Cap for the profile datapoints",
  graphMaxBudget: { label: "Cap for the ownership graph", explanation: "The graph stops exploring when it reaches this." },
  quotedPrice: "Quoted price",
  quotedTotal: "Quoted total",
} as const satisfies Table;

const changeCategory = {
  status: "Status",
  address: "Address",
  ownership: "Ownership",
  financial: "Financial",
  legalRepresentatives: "Legal representatives",
  other: "Other",
  disappeared: "Disappeared",
  risk: { label: "Risk rating", explanation: "The company's risk rating went up." },
} as const satisfies Table;

const alertState = { new: "New", in_review: "In review", resolved: "Resolved" } as const satisfies Table;

const alertOutcome = { no_impact: "No impact", risk_reassessed: "Risk re-assessed", escalated: "Escalated" } as const satisfies Table;

const alertEventKind = {
  notification_received: "Notification received",
  assigned: "Assigned",
  state_changed: "State changed",
  commented: "Commented",
  reretrieval_ordered: "Re-retrieval ordered",
  diff_reviewed: "Changes reviewed",
  risk_increased: "Risk rating increased",
} as const satisfies Table;

const riskRating = { low: "Low", medium: "Medium", high: "High" } as const satisfies Table;

const reviewOutcome = {
  keep: { label: "Keep", explanation: "The relationship continues as it is." },
  enhanced_due_diligence: { label: "Enhanced due diligence", explanation: "The relationship continues under enhanced due diligence." },
  exit: { label: "Exit the relationship", explanation: "The relationship is to end." },
} as const satisfies Table;

const portfolioScope = {
  all: "Every company file",
  customers: "Only companies marked customer",
} as const satisfies Table;

const riskRule = {
  listedCountry: { label: "Registered in a listed country", explanation: "The company's country is on the high-risk list." },
  complianceFlags: {
    label: "Compliance flags",
    explanation: "Each active compliance flag the register reports, each with its own weight.",
  },
  noBeneficialOwner: { label: "No beneficial owner", explanation: "The register names no beneficial owner." },
  noOwnerAtThreshold: {
    label: "No owner at the threshold",
    explanation: "Beneficial owners are named, but none holds the threshold share.",
  },
  uboProxy: { label: "Stand-in beneficial owner", explanation: "A person stands in as beneficial owner where no owner qualifies." },
  deepOwnership: { label: "Deep ownership", explanation: "The ownership chain has more holding layers than the limit." },
  ownershipCycle: { label: "Circular ownership", explanation: "A company owns part of one of its own owners." },
  partyInListedCountry: {
    label: "Owner or officer in a listed country",
    explanation: "An owner or officer is in a country on the high-risk list.",
  },
  youngCompany: { label: "Young company", explanation: "Incorporated less than the given number of months ago." },
  notActive: { label: "Not active", explanation: "The register does not show the company as active." },
  insolvency: { label: "Insolvency", explanation: "The company is under insolvency proceedings." },
  recentOwnershipChange: {
    label: "Recent change of owners or representatives",
    explanation: "Its beneficial owners or legal representatives changed recently.",
  },
  listedLegalForm: { label: "Listed legal form", explanation: "Its legal form is on the admins' list." },
  graphIncomplete: {
    label: "Ownership not fully known",
    explanation: "Part of the ownership graph stopped at the spend cap and is not expanded: the rating may be too low.",
  },
} as const satisfies Table;

/** The numbers a risk rule takes (lib/risk/risk-model.shared.ts): its points, and the one parameter some rules have. */
const riskParameter = {
  points: { label: "Points", explanation: "What the rule adds to the score when it applies; 0 turns it off." },
  percent: { label: "Share threshold (%)", explanation: "The share of ownership a beneficial owner must hold." },
  layers: { label: "Most holding layers", explanation: "Deeper ownership chains than this count." },
  months: { label: "Months since incorporation", explanation: "Companies younger than this count." },
  days: { label: "Days to look back", explanation: "Changes within this many days count." },
} as const satisfies Table;

const auditAction = {
  "auth.sign_in": "Signed in",
  "auth.sign_out": "Signed out",
  "auth.sign_in_failed": "Sign-in failed",
  "auth.lockout": "Account locked after failed sign-ins",
  "auth.password_changed": "Password changed",
  "auth.sso_refused": "Single sign-on refused",
  "auth.address_throttled": "Sign-ins from one address slowed down",
  "auth.unlocked": "Account unlocked",
  "user.created": "User created",
  "user.role_changed": "Role changed",
  "user.password_reset": "Password reset",
  "user.deactivated": "User deactivated",
  "user.reactivated": "User reactivated",
  "user.sso_linked": "Single sign-on linked",
  "audit.exported": "Audit log exported",
  "connection.created": "Connection created",
  "connection.updated": "Connection updated",
  "connection.deleted": "Connection deleted",
  "connection.tested": "Connection tested",
  "encryption_key.rotated": "Encryption key rotated",
  "search.performed": "Search",
  "company.ordered": "Company data ordered",
  "company.graph_expanded": "Ownership graph expanded",
  "company.graph_refreshed": "Ownership graph branch refreshed",
  "company.order_reconciled": "Order checked against the registry",
  "company.order_intent_unknown": "Order with an unknown outcome",
  "document.downloaded": "Document downloaded",
  "monitor.started": "Monitoring started",
  "monitor.metadata_updated": "Monitor details changed",
  "monitor.stopped": "Monitoring stopped",
  "monitor.test_requested": "Test notification requested",
  "monitors.imported": "Monitors imported",
  "monitors.exported": "Monitors exported",
  "alert.notification_received": "Alert notification received",
  "alert.assigned": "Alert assigned",
  "alert.state_changed": "Alert state changed",
  "alert.commented": "Alert commented",
  "alert.reretrieval_ordered": "Changes ordered for an alert",
  "alert.diff_reviewed": "Alert changes reviewed",
  "alert.risk_increased": "Risk rating increased",
  "alert.sla_changed": "Alert deadlines changed",
  "billing.account_config_changed": "Account billing settings changed",
  "billing.override_saved": "Workspace high-usage override saved",
  "billing.override_removed": "Workspace high-usage override removed",
  "pricing.exported": "Prices exported",
  "workspace.created": "Workspace created",
  "workspace.legal_name_changed": "Workspace legal name changed",
  "workspace.ubo_access_changed": "Beneficial owner access changed",
  "workspace.deleted": "Workspace deleted",
  "vault.credentials_stored": "Credentials stored",
  "sandbox.wallet_set": "Simulator wallet set",
  "sandbox.reset": "Simulator reset",
  "sandbox.company_saved": "Test company saved",
  "sandbox.clock_advanced": "Simulator clock advanced",
  "sandbox.chaos_changed": "Simulator failures changed",
  "vault.credentials_replaced": "Credentials replaced",
  "dual_control.requested": "Change asked for, waiting for a second admin",
  "dual_control.approved": "Change approved by a second admin",
  "dual_control.rejected": "Change rejected by a second admin",
  "dual_control.expired": "Change expired without a decision",
  "dual_control.failed": "Approved change failed",
  "dual_control.approval_refused": "Approval refused",
  "dual_control.setting_changed": "Dual control setting changed",
  "evidence.exported": "Evidence pack exported",
  "requests.exported": "Requests exported",
  "alerts.exported": "Alerts exported",
  "billing.events_exported": "Billing events exported",
  "calendar.exported": "Calendar exported",
  "calendar.feed_created": "Calendar feed created",
  "calendar.feed_revoked": "Calendar feed revoked",
  "portfolio.exported": "Portfolio exported",
  "portfolio.customer_changed": "Customer mark changed",
  "portfolio.owner_changed": "Company owner changed",
  "risk.model_published": "Risk model published",
  "risk.rating_pinned": "Risk rating pinned by hand",
  "risk.rating_unpinned": "Risk rating pin removed",
  "review.completed": "Company reviewed",
  "review.policy_changed": "Review policy changed",
  "batch.created": "Batch started",
  "batch.row_resolved": "Batch row matched by hand",
  "batch.confirmed": "Batch price confirmed",
  "batch.cancelled": "Batch cancelled",
  "batch.exported": "Batch result exported",
  "batch.pace_changed": "Batch order pace changed",
  "job.retried": "Job retried",
  "job.cancelled": "Job cancelled",
} as const satisfies Table;

const batchKind = { import: "Customer list import", campaign: "Review campaign" } as const satisfies Table;

const batchStatus = {
  matching: { label: "Matching", explanation: "Each row is searched in its country (free)." },
  reviewing: { label: "Waiting for you", explanation: "Pick the right company for ambiguous rows, then confirm the price." },
  ordering: { label: "Ordering", explanation: "Orders go out a few at a time; the page can be closed." },
  done: "Done",
  cancelled: { label: "Cancelled", explanation: "No new orders go out; those already sent complete." },
} as const satisfies Table;

const batchMatchState = {
  pending: "Not matched yet",
  matched: "Matched",
  ambiguous: { label: "Ambiguous", explanation: "Several companies could be meant: pick one." },
  not_found: "Not found",
  invalid: { label: "Cannot be read", explanation: "The row has problems (see them); it is not searched." },
  duplicate: { label: "Duplicate", explanation: "Another row of the list is for the same company." },
} as const satisfies Table;

const batchRowOutcome = {
  pending: "Waiting",
  sending: "Sending",
  ordered: { label: "Ordered", explanation: "The registry accepted the order; its data is on the way." },
  completed: "Received",
  skipped: "Skipped",
  refused: "Refused by the registry",
  unknown: {
    label: "Outcome unknown",
    explanation: "No definite answer came; it is never sent again. Check Requests before ordering it by hand.",
  },
} as const satisfies Table;

const jobState = {
  created: "Waiting",
  retry: "Waiting to retry",
  active: "Running",
  completed: "Completed",
  cancelled: "Cancelled",
  failed: "Failed",
} as const satisfies Table;

/** The job queue's queues (db/job-queue-install.ts `jobQueues`), as Settings → Jobs names them. */
const jobQueue = {
  "batch-step": { label: "Batch step", explanation: "One step of a batch: matching its rows, pricing them, ordering or settling." },
} as const satisfies Table;

const pendingChangeKind = {
  ubo_access: "Beneficial owner access",
  workspace_delete: "Delete a workspace",
  vault_replace: "Replace stored credentials",
  connection_target: "Change a connection's address or key",
  dual_control_off: "Turn dual control off",
  user_access: "Admin access",
  connection_create: "Add a connection",
  connection_delete: "Delete a connection",
  connection_default: "Change the default connection",
  connection_environment: "Change a connection's environment",
  risk_model_publish: "Publish a risk model",
} as const satisfies Table;

const pendingChangeState = {
  pending: "Waiting for a second admin",
  approved: "Approved",
  rejected: "Rejected",
  expired: { label: "Expired", explanation: "Nobody decided within 24 hours." },
  failed: { label: "Failed", explanation: "Approved, but the change could not be made." },
} as const satisfies Table;

const userAccessAction = {
  create_admin: "Create an admin",
  change_role: "Change a role",
  deactivate: "Deactivate",
  reactivate: "Reactivate",
  reset_password: "Reset the password",
} as const satisfies Table;

const vaultOrigin = {
  customer_provided: { label: "Provided by you", explanation: "Credentials your organisation stored for this register." },
} as const satisfies Table;

const vaultShape = { email_password: "Email and password" } as const satisfies Table;

const vaultSource = { infogreffe: "Infogreffe (France)", handelsregister: "Handelsregister (Germany)" } as const satisfies Table;

const vaultField = {
  email: "Email",
  password: "Password",
  backupAccounts: { label: "Backup accounts", explanation: "Further accounts the registry may use when the first is busy." },
  sourceKey: "Register",
  ownerWorkspaceId: "Held by workspace",
  inheritedFromWorkspaceId: "Inherited from workspace",
  expiresAt: "Expires",
} as const satisfies Table;

const billingKind = { low_balance: "Low balance", high_usage: "High usage", auto_topup: "Automatic top-up" } as const satisfies Table;

const billingTier = { warning: "Warning", critical: "Critical", depleted: "Depleted" } as const satisfies Table;

const autoTopupOutcome = { succeeded: "Succeeded", failed: "Failed" } as const satisfies Table;

const balanceStatus = {
  ok: "OK",
  low: { label: "Low", explanation: "Below the low-balance threshold." },
  depleted: { label: "Depleted", explanation: "No credits left: orders are refused." },
} as const satisfies Table;

const billingField = {
  balanceInCreditCents: "Balance",
  autoTopup: { label: "Automatic top-up", explanation: "Set by the registry; read-only here." },
  thresholdInCreditCents: "Threshold",
  amountInCreditCents: "Amount",
  lowBalanceThresholds: "Low-balance thresholds",
  lowBalanceEnabled: "Low-balance notifications",
  lowBalanceEmailEnabled: "Low-balance emails",
  lowBalanceWebhookEnabled: "Low-balance webhooks",
  lowBalanceTiers: "Low-balance tiers",
  globalHighUsageEnabled: "Account-wide high-usage notifications",
  globalHighUsageEmailEnabled: "Account-wide high-usage emails",
  globalHighUsageWebhookEnabled: "Account-wide high-usage webhooks",
  globalHighUsagePeriodMinutes: "Account-wide high-usage window",
  globalHighUsageTiers: "Account-wide high-usage tiers",
  highUsageEnabled: "High-usage notifications",
  highUsageEmailEnabled: "High-usage emails",
  highUsageWebhookEnabled: "High-usage webhooks",
  highUsagePeriodMinutes: { label: "Rolling window", explanation: "Spend is added up over this window." },
  highUsageTiers: "High-usage tiers",
  autoTopupNotificationsEnabled: "Top-up notifications",
  autoTopupEmailEnabled: "Top-up emails",
  autoTopupWebhookEnabled: "Top-up webhooks",
  balanceCents: "Balance",
  thresholdCents: "Threshold",
  tierCents: "Tier",
  spentCents: "Spent",
  amountCents: "Amount",
  periodMinutes: "Window",
  totalCreditCents: "Total",
} as const satisfies Table;

const requestMode = {
  verification: { label: "Verification", explanation: "Authoritative data, straight from the register." },
  onboarding: { label: "Onboarding", explanation: "Faster, from the registry's own sources." },
} as const satisfies Table;

const pricingMode = { fixed: "Fixed price", variable: "Variable price" } as const satisfies Table;

const requestOrigin = { console: "This console", elsewhere: "Another client of the account" } as const satisfies Table;

const requestPurpose = {
  order: "First order",
  onboarding: "Onboarding",
  graph_expansion: "Graph expansion",
  graph_refresh: "Graph branch refresh",
  retry: "Retry",
  re_retrieval: "Re-retrieval after an alert",
  document_listing: "Document listing",
} as const satisfies Table;

const snapshotSource = {
  webhook: "Pushed by the registry",
  poll: "Fetched by the console",
  order: "Answer to the order",
} as const satisfies Table;

const webhookEventType = {
  "company.updated": "Company data updated",
  "monitor.notification": "Monitor notification",
  "monitor.update": "Monitor updated",
  "billing.low_balance": "Low balance",
  "billing.high_usage": "High usage",
  "billing.auto_topup": "Automatic top-up",
} as const satisfies Table;

const deliveryOutcome = {
  applied: { label: "Applied", explanation: "Stored and changed something." },
  stale: { label: "Stale (older version)", explanation: "Not newer than the version stored: changed nothing." },
  duplicate: { label: "Duplicate", explanation: "Received before: changed nothing." },
  failed: { label: "Failed", explanation: "Signed, but not in the expected shape: kept for inspection." },
  unhandled: { label: "Unhandled type", explanation: "An event this console does not know yet: kept as received." },
  mismatch: { label: "Refused: another connection's request", explanation: "A connection never changes another's requests." },
} as const satisfies Table;

const monitorFetchStatus = {
  success: "Checked",
  not_found: "Company not found",
  error: { label: "Check failed", explanation: "The registry will try again." },
  error_final: { label: "Check failed for good", explanation: "The registry stopped trying." },
} as const satisfies Table;

const datapointNoticeStatus = {
  blocked_missing_credentials: { label: "Waiting for credentials", explanation: "The register needs credentials stored in the vault." },
} as const satisfies Table;

const graphNodeStatus = {
  pending: "Pending",
  found: "Found",
  not_found: "Not found",
  error: "Error",
  search_resolved: "Resolved by search",
  placeholder: "Placeholder",
  budget_truncated: "Stopped at the spend cap",
} as const satisfies Table;

const graphStoppedReason = {
  completed: "Complete",
  budget_exhausted: "Stopped at the spend cap",
  max_depth_reached: "Stopped at the deepest level allowed",
  max_nodes_reached: "Stopped at the most companies allowed",
  timeout: "Stopped: it took too long",
} as const satisfies Table;

const companyStatus = {
  ACTIVE: "Active",
  UNDER_INSOLVENCY_PROCEEDING: "Under insolvency proceeding",
  INACTIVE_NOT_CLOSED: "Inactive, not closed",
  PENDING_DISSOLUTION: "Pending dissolution",
  CLOSED: "Closed",
  UNKNOWN: "Unknown",
} as const satisfies Table;

const closureReason = {
  BANKRUPTCY: "Bankruptcy",
  LIQUIDATION: "Liquidation",
  MERGER: "Merger",
  ACQUISITION: "Acquisition",
  VOLUNTARY_DISSOLUTION: "Voluntary dissolution",
  ADMINISTRATIVE_DISSOLUTION: "Administrative dissolution",
  COURT_ORDER: "Court order",
  SPLIT: "Split",
  OTHER: "Other",
  UNKNOWN: "Unknown",
} as const satisfies Table;

const complianceFlag = {
  uboConfirmationOverdue: "UBO confirmation overdue",
  uboAdministrativeStrikingOff: "UBO administrative striking-off",
  accountsOverdue: "Accounts overdue",
  annualFilingOverdue: "Annual filing overdue",
  registeredCharges: "Registered charges",
  insolvencyHistory: "Insolvency history",
  liquidated: "Liquidated",
} as const satisfies Table;

const riskLevel = { low: "low", medium: "medium", high: "high", critical: "critical" } as const satisfies Table;

const taxIdVerification = {
  verified: "Verified",
  unverified: "Not verified",
  unavailable: "Verification unavailable",
} as const satisfies Table;

const corporateBody = {
  board: "Board",
  supervisoryBoard: "Supervisory board",
  management: "Management",
  audit: "Audit",
} as const satisfies Table;

const entityType = { individual: "Individual", company: "Company" } as const satisfies Table;

const uboControlType = {
  "ownership-of-shares": "Ownership of shares",
  "voting-rights": "Voting rights",
  "appoint-and-remove-directors": "Appoints and removes directors",
  "significant-influence-or-control": "Significant influence or control",
} as const satisfies Table;

const percentageDetailType = { shares: "shares", "voting-rights": "voting rights" } as const satisfies Table;

const ownershipNature = { direct: "Direct", indirect: "Indirect" } as const satisfies Table;

const companyRelation = {
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
} as const satisfies Table;

const trend = {
  increasing: "increasing",
  decreasing: "decreasing",
  stable: "stable",
  improving: "improving",
  declining: "declining",
  unknown: "unknown",
} as const satisfies Table;

const insightCategory = {
  liquidity: "Liquidity",
  profitability: "Profitability",
  solvency: "Solvency",
  efficiency: "Efficiency",
  growth: "Growth",
  risk: "Risk",
} as const satisfies Table;

/**
 * The fields of a company's data as the registry sends them (the company profile and its address, people and their
 * roles, holdings, establishments, graph nodes and links), for a change that names the field it is in.
 */
const snapshotField = {
  // The company profile.
  id: "Company id",
  countryCode: "Country",
  identifiers: "Identifiers",
  taxId: "Tax id",
  legalName: "Legal name",
  legalNameInEnglish: "Legal name in English",
  commercialNames: "Commercial names",
  legacyLegalNames: "Former legal names",
  legacyCommercialNames: "Former commercial names",
  companyNameTransliterations: "Transliterations",
  status: "Status",
  complianceFlags: "Compliance flags",
  statutoryFilings: "Statutory filings",
  registrationDate: "Registered on",
  incorporationDate: "Incorporated on",
  legalForm: "Legal form",
  capital: "Capital",
  activities: "Activities",
  activityDescription: "Activity description",
  legalAddress: "Legal address",
  website: "Website",
  phones: "Phones",
  employeeCount: "Employees",
  // An address.
  addressLine1: "Address line 1",
  addressLine2: "Address line 2",
  city: "City",
  postalCode: "Postal code",
  region: "Region",
  state: "State",
  poBox: "PO box",
  careOf: "Care of",
  latitude: "Latitude",
  longitude: "Longitude",
  street: "Street",
  country: "Country",
  // Status, legal form, money, employees, tax id.
  localName: "Name in the register's language",
  active: "Active",
  statusDetails: "Status details",
  closureReason: "Closure reason",
  closureDate: "Closure date",
  insolvencyStartDate: "Insolvency start",
  additionalInfo: "Additional information",
  englishTranslation: "In English",
  standardized: "Standard name",
  iso20275Code: "ISO 20275 code",
  isAIEnriched: "Completed by AI",
  amount: "Amount",
  currency: "Currency",
  formatted: "As written",
  exact: "Exact number",
  min: "At least",
  max: "At most",
  lastUpdated: "Last updated",
  isEstimate: "Estimated",
  type: "Type",
  value: "Value",
  verification: "Verification",
  verifiedAt: "Verified on",
  verifiedName: "Verified name",
  verifiedAddress: "Verified address",
  consultationNumber: "Consultation number",
  source: "Source",
  // Compliance flags and statutory filings.
  dueDate: "Due",
  since: "Since",
  lastConfirmedOn: "Last confirmed",
  lastUpdatedOn: "Last updated",
  observedAt: "Read from the register",
  accounts: "Accounts",
  annualFiling: "Annual filing",
  lastFiled: "Last filed",
  next: "Next",
  filedOn: "Filed on",
  year: "Year",
  month: "Month",
  day: "Day",
  periodStart: "Period start",
  periodEnd: "Period end",
  overdue: "Overdue",
  financialYearEnd: "Financial year end",
  cadence: "Cadence",
  // Activities.
  NACE: "NACE",
  ISIC: "ISIC",
  NACE_REV21: "NACE Rev. 2.1",
  NAF_2025: "NAF 2025",
  code: "Code",
  description: "Description",
  isAIInferred: "Inferred by AI",
  // People and their roles.
  gender: "Gender",
  name: "Name",
  fullName: "Full name",
  title: "Title",
  firstName: "First name",
  middleName: "Middle name",
  lastName: "Last name",
  suffix: "Suffix",
  birthDate: "Birth date",
  birthAddress: "Birthplace",
  nationality: "Nationality",
  residenceAddress: "Residence address",
  entityId: "Registry's entity id",
  role: "Role",
  startDate: "Start date",
  endDate: "End date",
  individual: "Person",
  company: "Company",
  representedBy: "Represented by",
  representationMode: "Representation",
  signingPowers: "Signing powers",
  signingAuthority: "Signing authority",
  corporateBody: "Corporate body",
  iso5009Code: "ISO 5009 code",
  mode: "Mode",
  particularity: "Particularity",
  localText: "In the register's language",
  englishText: "In English",
  minimumSignatories: "Minimum signatories",
  namedCoSigners: "Named co-signers",
  verdict: "Verdict",
  rules: "Rules",
  confidence: "Confidence",
  derivedFrom: "Derived from",
  // Holdings and control.
  control: "Control",
  types: "Kinds of control",
  details: "Details",
  controlType: "Kind of control",
  percentageDetails: "Shares of control",
  additionalDetails: "Additional details",
  percentageValue: "Percentage",
  percentageRange: "Percentage range",
  range: "Range",
  lower: "From",
  upper: "To",
  lowerInclusive: "From included",
  upperInclusive: "To included",
  monetaryAmount: "Amount held",
  numberOfShares: "Number of shares",
  nature: "Direct or indirect",
  sharePercentage: "Share",
  sharePercentageRange: "Share range",
  totalSharePercentage: "Total share",
  votingRightsPercentage: "Voting rights",
  nominalCapitalHeld: "Nominal capital held",
  paidInAmount: "Paid-in amount",
  acquisitionDate: "Acquired on",
  // Establishments and related companies.
  creationDate: "Created on",
  address: "Address",
  relation: "Relation",
  effectiveDate: "Effective on",
  // The ownership graph.
  nodes: "Companies and people",
  edges: "Links",
  nodeId: "Node",
  totalOwnershipPercentage: "Total ownership",
  flags: "Marks",
  isRoot: "The company itself",
  isUbo: "Beneficial owner",
  isUboProxy: "Stand-in beneficial owner",
  uboCalculationMethod: "How the beneficial owner was found",
  fromId: "From",
  toId: "To",
  percentage: "Percentage",
  // Documents.
  nameInEnglish: "Name in English",
  descriptionInEnglish: "Description in English",
  subType: "Subtype",
  format: "Format",
  price: "Price",
  priceMarkup: "Price markup",
  date: "Date",
  register: "Register",
} as const satisfies Table;

/** The keys of a company's `identifiers` (the spec lists some; the registers add their own). */
const identifierKind = {
  lei: { label: "LEI", explanation: "Legal Entity Identifier (ISO 17442), the same in every country." },
  entityNumber: "Entity number",
  registrationNumber: "Registration number",
  VAT: "VAT number",
  hrb: { label: "Commercial register number (HRB)", explanation: "Germany's commercial register, part B: companies with share capital." },
  hra: { label: "Commercial register number (HRA)", explanation: "Germany's commercial register, part A: sole traders and partnerships." },
  vr: "Register of associations number (VR)",
  pr: "Partnership register number (PR)",
  gnr: "Cooperative register number (GnR)",
  siren: { label: "SIREN number", explanation: "France's company number." },
  siret: { label: "SIRET number", explanation: "France's number of one establishment of the company." },
  rcs: "Trade and companies register number (RCS)",
  companyNumber: "Company number",
  uid: { label: "Business identification number (UID)", explanation: "Switzerland's company number." },
  "Codice Fiscale": "Tax code (Codice Fiscale)",
  CCIAA: "Chamber of commerce (CCIAA)",
  "REA Code": "Economic and administrative index number (REA)",
  fileNumber: "Register file number",
  uscc: "Unified social credit code",
  enterpriseNumber: "Enterprise number",
  CIF: "Tax identification code (CIF)",
  NIF: "Tax identification number (NIF)",
  businessId: "Business ID",
  organizationNumber: "Organisation number",
  ogrn: "Primary state registration number (OGRN)",
  inn: "Taxpayer number (INN)",
  kpp: "Tax registration reason code (KPP)",
  afm: "Tax number (AFM)",
  dic: "Tax number (DIČ)",
  ico: "Company identification number (IČO)",
  cvr: "Business register number (CVR)",
  cui: "Unique registration code (CUI)",
  uic: "Unified identification code (UIC)",
  kvk: "Chamber of commerce number (KvK)",
  RSIN: "Legal entities and partnerships number (RSIN)",
  brn: "Business registration number (BRN)",
  crNumber: "Companies registry number (CR)",
  oib: "Personal identification number (OIB)",
  nip: "Tax number (NIP)",
  regon: "Statistical number (REGON)",
  krs: "National court register number (KRS)",
  kennitala: "Identification number (kennitala)",
  registryCode: "Registry code",
  registryNumber: "Registry number",
  flNumber: "Commercial register number (FL)",
  rci: "Trade and industry register number (RCI)",
  uen: "Unique entity number (UEN)",
  gemi: "General commercial register number (GEMI)",
  mbs: "Court register number (MBS)",
  // The simulator's own key for its sandbox test companies.
  "sandbox test company": "Sandbox test company",
} as const satisfies Table;

const role = {
  admin: "Admin",
  compliance: "Compliance",
  finance: "Finance",
  auditor: "Auditor",
} as const satisfies Table;

const connectionEnvironment = { production: "Production", sandbox: "Sandbox" } as const satisfies Table;

/** How a paid request ended, as its audit row records it. */
const orderOutcome = {
  ordered: "Ordered",
  refused: "Refused by the registry",
  unknown: { label: "No definite answer", explanation: "It may have been placed and charged; the console checks later." },
} as const satisfies Table;

/**
 * The names of the details an audit row (or a change waiting for approval) keeps, in words (lib/vocabulary/details.ts),
 * where spelling the name out would not do ("caseReference" reads "Case reference" without an entry here).
 */
const detailKey = {
  requestId: "Request",
  parentRequestId: "Follows request",
  intentId: "Order record",
  code: "Registry's answer",
  stored: "Stored here",
  connectionId: "Connection",
  dataPoints: "Datapoints",
  caps: "Spend caps",
  nodeIds: "Graph nodes",
  throughNodeIds: "Through graph nodes",
  costUnknownNodes: "Graph nodes without a known price",
  refresh: "Refresh of a branch",
  alertId: "Alert",
  monitorId: "Monitor",
  metadataKeys: "Other metadata",
  blockedDatapoints: "Datapoints waiting for credentials",
  workspaceId: "Workspace",
  sourceKey: "Register",
  changeId: "Change",
  requestedBy: "Asked by",
  windowMinutes: "Window",
  failuresForgotten: "Failed sign-ins forgotten",
  fromCredits: "Balance before",
  toCredits: "Balance after",
  followUps: "Follow-ups",
  reviewOutcome: "Outcome",
  reviewId: "Review",
  highMonths: "High risk reviews",
  mediumMonths: "Medium risk reviews",
  lowMonths: "Low risk reviews",
  staleDays: "Warn before reviewing data older than",
  portfolioScope: "Portfolio",
  movedDueDates: "Due dates moved",
} as const satisfies Table;

/** Every kind, by name. A new kind is one more table here. */
export const vocabulary = {
  datapoint,
  documentType,
  documentSource,
  dataStatus,
  errorCode,
  cap,
  changeCategory,
  alertState,
  alertOutcome,
  alertEventKind,
  riskRating,
  reviewOutcome,
  portfolioScope,
  batchKind,
  batchStatus,
  batchMatchState,
  batchRowOutcome,
  jobState,
  jobQueue,
  riskRule,
  riskParameter,
  auditAction,
  pendingChangeKind,
  pendingChangeState,
  userAccessAction,
  vaultOrigin,
  vaultShape,
  vaultSource,
  vaultField,
  billingKind,
  billingTier,
  autoTopupOutcome,
  balanceStatus,
  billingField,
  requestMode,
  pricingMode,
  requestOrigin,
  requestPurpose,
  snapshotSource,
  webhookEventType,
  deliveryOutcome,
  monitorFetchStatus,
  datapointNoticeStatus,
  graphNodeStatus,
  graphStoppedReason,
  companyStatus,
  closureReason,
  complianceFlag,
  riskLevel,
  taxIdVerification,
  corporateBody,
  entityType,
  uboControlType,
  percentageDetailType,
  ownershipNature,
  companyRelation,
  trend,
  insightCategory,
  snapshotField,
  identifierKind,
  role,
  connectionEnvironment,
  orderOutcome,
  detailKey,
} as const;

export type Kind = keyof typeof vocabulary;

/** The values a kind has words for. */
export type KnownValue<K extends Kind> = keyof (typeof vocabulary)[K] & string;

/** What a page shows for one value: its label, the explanation if any, and whether the console knows it. */
export type Words = { value: string; label: string; explanation?: string; known: boolean };

const entryOf = (kind: Kind, value: string): Entry | undefined => {
  const table: Table = vocabulary[kind];
  if (!Object.hasOwn(table, value)) return undefined;
  const entry = table[value]!;
  return typeof entry === "string" ? { label: entry } : entry;
};

/** A value in words. An unknown value keeps its own text as the label and says it is unknown (`known: false`). */
export function words(kind: Kind, value: string): Words {
  const entry = entryOf(kind, value);
  if (!entry) return { value, label: value, known: false };
  return { value, label: entry.label, explanation: entry.explanation, known: true };
}

/** The short label of a value; an unknown value as sent. */
export const label = (kind: Kind, value: string): string => words(kind, value).label;

/** The sentence a person reads: the label, then the explanation when there is one. */
export function sentence(kind: Kind, value: string): string {
  const { label: text, explanation } = words(kind, value);
  return explanation ? `${text}. ${explanation}` : text;
}

/** A value in words, marked when the console has no words for it: "someNewValue (not known to this console)". */
export function markedLabel(kind: Kind, value: string): string {
  const w = words(kind, value);
  return w.known ? w.label : `${w.value} (not known to this console)`;
}

/** Every known value of a kind with its label, in the table's order (for filters and selects). */
export function optionsOf(kind: Kind, values?: readonly string[]): { value: string; label: string }[] {
  return (values ?? Object.keys(vocabulary[kind])).map((value) => ({ value, label: markedLabel(kind, value) }));
}

/** The labels of a kind, as a record (for code that looks labels up by key). */
export function labelsOf(kind: Kind): Readonly<Record<string, string>> {
  return Object.fromEntries(Object.keys(vocabulary[kind]).map((value) => [value, label(kind, value)]));
}

/**
 * Whether a key reads as an API name rather than a word: camelCase, snake_case, dotted, kebab-case or a
 * SHOUTED_NAME. Plain words that are also keys ("email", "status", "graph") are ordinary English and not counted.
 */
export const looksLikeApiName = (key: string): boolean =>
  /[a-z][A-Z]/.test(key) || /[A-Za-z0-9]_[A-Za-z0-9]/.test(key) || /[a-z]\.[a-z]/.test(key) || /[a-z]-[a-z]/.test(key);

/** Every key of every kind that reads as an API name: what a page may show only under "Technical details". */
export function apiNames(): string[] {
  const keys = new Set(Object.values(vocabulary).flatMap((table) => Object.keys(table)));
  return [...keys].filter(looksLikeApiName).sort();
}

/**
 * An error in words: the code's sentence when the console knows the code, then the message the server gave (its own
 * words, which may say more: which field, when to try again); the message alone for a code the console does not know.
 */
export function errorText(code: string, message: string): string {
  if (!words("errorCode", code).known) return message;
  const known = sentence("errorCode", code);
  const told = message.trim();
  return told && !known.includes(told) ? `${known.replace(/\.?$/, ".")} ${told}` : known;
}

/** An error's short label when the console knows its code, else the message the server gave (for inside a sentence). */
export function errorLabel(code: string, message: string): string {
  return words("errorCode", code).known ? label("errorCode", code) : message;
}
