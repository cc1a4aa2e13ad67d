/**
 * The values the schema's text columns may hold, as Prisma's enums would be. Plain constants: safe to import
 * from client components. The domain names their types and labels in lib/ (`Role` in lib/auth/roles.shared.ts,
 * `DeliveryOutcome` and its labels in lib/webhooks/outcomes.ts…).
 */

/** `users.role`. */
export const roles = ["admin", "compliance", "finance", "auditor"] as const;

/** `registry_connections.environment`: which kind of registry account a connection is. */
export const connectionEnvironments = ["production", "sandbox"] as const;

/** `webhook_deliveries.outcome`: what became of one verified webhook delivery. */
export const deliveryOutcomes = [
  /** Stored and changed something (a newer snapshot, a new alert, a billing event). */
  "applied",
  /** A `company.updated` whose version is not higher than the one stored: changed nothing. */
  "stale",
  /** The `svix-id` was received before: changed nothing. */
  "duplicate",
  /** Signed, but its payload does not match the contract: kept for inspection, changed nothing. */
  "failed",
  /** An event type this console does not know yet: kept as received, acknowledged. */
  "unhandled",
  /** A snapshot of a request stored for another connection: refused (a connection never changes another's requests). */
  "mismatch",
] as const;

/** `company_requests.origin`: who started a company request: this console, or another client of the same account (seen only by webhook). */
export const requestOrigins = ["console", "elsewhere"] as const;

/** `company_request_versions.source`: how a snapshot version reached the console. */
export const snapshotSources = ["webhook", "poll", "order"] as const;

/**
 * Why this console ordered a request: a first order (or onboarding) of a company, or a follow-up of another
 * request (its `parent_request_id`). Null for a request another client of the account made.
 */
export const requestPurposes = [
  "order",
  "onboarding",
  "graph_expansion",
  "graph_refresh",
  "retry",
  "re_retrieval",
  "document_listing",
] as const;

/** `alerts.state`: where an alert is in triage (new → in review → resolved). */
export const alertStates = ["new", "in_review", "resolved"] as const;

/** `alerts.outcome`: what the reviewer decided when resolving an alert. */
export const alertOutcomes = ["no_impact", "risk_reassessed", "escalated"] as const;

/** `alert_events.kind`: the events of an alert's timeline (each one also audited). */
export const alertEventKinds = [
  /** A `monitor.notification` joined the alert (or opened it). */
  "notification_received",
  "assigned",
  /** new → in review → resolved (resolution carries its outcome and comment), or reopened. */
  "state_changed",
  "commented",
  /** "See what changed" ordered the blocks its categories name. */
  "reretrieval_ordered",
  /** Someone opened the field-level diff of the re-retrieved snapshot against the baseline. */
  "diff_reviewed",
  /** A company's risk rating went up (a risk alert's notification): from, to, the model version and the reasons. */
  "risk_increased",
] as const;

/** `pending_changes.kind`: the sensitive changes that need a second admin (dual control). */
export const pendingChangeKinds = [
  /** Turning a workspace's UBO access on or off (`uboEnabled`); turning it on carries a legal basis. */
  "ubo_access",
  "workspace_delete",
  /** Replacing credentials a workspace holds: the intent only; the approver fills the form (a payload never waits). */
  "vault_replace",
  /** A connection's base URL or API key (the new key waits sealed, as connection secrets are stored). */
  "connection_target",
  /** Turning dual control itself off. */
  "dual_control_off",
  /**
   * A change that affects who is an admin or can act as one: creating an admin, promoting a user to admin,
   * demoting, deactivating or reactivating an admin, resetting another admin's password.
   */
  "user_access",
  /** A new registry connection (its key and webhook secret wait sealed); it exists, and is usable, only once approved. */
  "connection_create",
  /** Deleting a registry connection. */
  "connection_delete",
  /** Changing which connection is the default for every user. */
  "connection_default",
  /** Changing a connection's environment (production ↔ sandbox). */
  "connection_environment",
  /** Publishing a new version of the risk model (lib/risk/): the whole model document waits in `details`. */
  "risk_model_publish",
] as const;

/** `pending_changes.state`: pending until a different admin decides, or 24 hours pass. */
export const pendingChangeStates = ["pending", "approved", "rejected", "expired", "failed"] as const;

/** `filing_deadlines.kind`: the filings a register schedules: the annual accounts and the annual return (confirmation statement). */
export const filingKinds = ["accounts", "annualFiling"] as const;

/** `portfolio_entries.rating`, `company_ratings.rating`: a company's risk rating, lowest first. */
export const riskRatings = ["low", "medium", "high"] as const;

/** `company_reviews.outcome`: what a periodic review decided. */
export const reviewOutcomes = ["keep", "enhanced_due_diligence", "exit"] as const;

/** `review_policy.portfolio_scope`: every company file is in the portfolio, or only those marked customer. */
export const portfolioScopes = ["all", "customers"] as const;

/** `batches.kind`: a customer list onboarded from a file, or a review campaign refreshing companies from the portfolio. */
export const batchKinds = ["import", "campaign"] as const;

/**
 * `batches.status`: matching the rows (free searches), waiting for a person (ambiguous rows, the price and its
 * confirm), ordering, then done; or cancelled (no new orders; those already sent complete).
 */
export const batchStatuses = ["matching", "reviewing", "ordering", "done", "cancelled"] as const;

/** `batch_rows.match_state`: what matching made of a row of the file. */
export const batchMatchStates = ["pending", "matched", "ambiguous", "not_found", "invalid", "duplicate"] as const;

/**
 * `batch_rows.outcome`: what became of a row's order. `sending` is claimed (its paid-request intent written, the call
 * under way); `ordered` is accepted by the registry; `completed` has every datapoint in (a campaign row then carries
 * its diff against the reviewed baseline); `unknown` got no definite answer and is never sent again.
 */
export const batchRowOutcomes = ["pending", "sending", "ordered", "completed", "skipped", "refused", "unknown"] as const;
