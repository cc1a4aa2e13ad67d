import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  alertEventKinds,
  alertOutcomes,
  alertStates,
  batchKinds,
  batchMatchStates,
  batchRowOutcomes,
  batchStatuses,
  connectionEnvironments,
  deliveryOutcomes,
  filingKinds,
  pendingChangeKinds,
  pendingChangeStates,
  portfolioScopes,
  requestOrigins,
  requestPurposes,
  reviewOutcomes,
  riskRatings,
  roles,
  snapshotSources,
} from "./vocabulary";

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  name: text("name").notNull().default(""),
  role: text("role", { enum: roles }).notNull(),
  /** argon2id hash; null for users who only sign in through OIDC. */
  passwordHash: text("password_hash"),
  /** Set for a generated one-time password: the user must choose a new one after signing in. */
  mustChangePassword: boolean("must_change_password").notNull().default(false),
  active: boolean("active").notNull().default(true),
  oidcSubject: text("oidc_subject").unique(),
  /**
   * Bumped by a password change, an admin's reset and a deactivation: a session token that carries an older
   * value is refused on its next request, so those events end the user's other sessions.
   */
  sessionVersion: integer("session_version").notNull().default(0),
  /**
   * When the user's role or active state last changed (creation, promotion, demotion, deactivation, reactivation).
   * Dual control: an admin whose role changed after a change was requested cannot approve it.
   */
  roleChangedAt: timestamp("role_changed_at", { withTimezone: true }).notNull().defaultNow(),
  /** When the user's password was last set (creation, an admin's reset, their own change). Dual control reads it too. */
  passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type User = typeof users.$inferSelect;

/**
 * Failed sign-ins per email as typed (whether or not an account exists, so that a lockout
 * never tells which emails are registered).
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    /** The client address the attempt came from, so one address cannot lock out every account. */
    clientAddress: text("client_address"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_failures_email_at").on(t.email, t.at), index("sign_in_failures_client_at").on(t.clientAddress, t.at)],
);

export const signInLocks = pgTable("sign_in_locks", {
  email: text("email").primaryKey(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }).notNull(),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept as text so the row still says who acted after the user is gone, and for failed sign-ins. */
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    target: text("target"),
    details: jsonb("details")
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    index("audit_log_at").on(t.at.desc()),
    index("audit_log_action_at").on(t.action, t.at.desc()),
    index("audit_log_actor_at").on(t.actorEmail, t.at.desc()),
    /** A company's timeline: the rows about a company or one of its requests. */
    index("audit_log_target_at").on(t.target, t.at.desc()),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;

/** A registry API account the console calls. Secrets are sealed with lib/crypto.ts, never stored in clear. */
export const registryConnections = pgTable(
  "registry_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique(),
    environment: text("environment", { enum: connectionEnvironments }).notNull(),
    baseUrl: text("base_url").notNull(),
    apiKeySealed: text("api_key_sealed").notNull(),
    /** The key as it may be shown: its prefix and last four characters. */
    apiKeyHint: text("api_key_hint").notNull(),
    webhookSecretSealed: text("webhook_secret_sealed"),
    /** The secret replaced last, still accepted until an admin retires it (a rotation at the vendor takes a while). */
    previousWebhookSecretSealed: text("previous_webhook_secret_sealed"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("registry_connections_one_default")
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

export type RegistryConnection = typeof registryConnections.$inferSelect;

/**
 * Every verified webhook delivery, one row per receipt. The first receipt of a message id per connection
 * is unique (a partial index), so a repeat can only be recorded as `duplicate`. Rows are kept longer than
 * the sender retries (72 hours; see lib/webhooks/retention.ts).
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => registryConnections.id, { onDelete: "cascade" }),
    /** The `svix-id` header: the same on every retry of one message. */
    messageId: text("message_id").notNull(),
    type: text("type").notNull(),
    requestId: text("request_id"),
    monitorId: text("monitor_id"),
    version: bigint("version", { mode: "number" }),
    outcome: text("outcome", { enum: deliveryOutcomes }).notNull(),
    /** Why a delivery failed or was stale, in words. */
    detail: text("detail"),
    /** Kept only for `failed` and `unhandled` deliveries, which nothing else stores. */
    payload: jsonb("payload"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    /** Time from the request arriving to the transaction's last statement, in milliseconds. */
    processingMs: real("processing_ms").notNull(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_first_receipt")
      .on(t.connectionId, t.messageId)
      .where(sql`${t.outcome} <> 'duplicate'`),
    index("webhook_deliveries_connection_received").on(t.connectionId, t.receivedAt.desc()),
    index("webhook_deliveries_request").on(t.requestId, t.receivedAt),
    index("webhook_deliveries_received").on(t.receivedAt),
  ],
);

export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

/** Deliveries refused before anything was stored (bad signature, stale timestamp…): the last 100 per connection, no body. */
export const webhookRejections = pgTable(
  "webhook_rejections",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => registryConnections.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    reason: text("reason").notNull(),
    /** The `svix-id` header when there was one (unverified: only for matching with the sender's logs). */
    messageId: text("message_id"),
  },
  (t) => [index("webhook_rejections_connection_at").on(t.connectionId, t.id.desc())],
);

/** How many deliveries each connection has refused, ever (the rejections table keeps only the last 100). */
export const webhookRejectionCounts = pgTable("webhook_rejection_counts", {
  connectionId: uuid("connection_id")
    .primaryKey()
    .references(() => registryConnections.id, { onDelete: "cascade" }),
  total: bigint("total", { mode: "number" }).notNull().default(0),
  lastAt: timestamp("last_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A company request and its latest merged snapshot (see lib/requests/apply.ts). `origin` says whether this
 * console ordered it or another client of the same account did (then it arrived by webhook only).
 */
export const companyRequests = pgTable(
  "company_requests",
  {
    requestId: text("request_id").primaryKey(),
    connectionId: uuid("connection_id").references(() => registryConnections.id, { onDelete: "set null" }),
    origin: text("origin", { enum: requestOrigins }).notNull(),
    orderedBy: uuid("ordered_by").references(() => users.id, { onDelete: "set null" }),
    /** As the snapshot reports them; a snapshot may leave them out. */
    countryCode: text("country_code"),
    companyId: text("company_id"),
    companyName: text("company_name"),
    /** The highest `request.version` applied; 0 before the first snapshot. */
    version: bigint("version", { mode: "number" }).notNull().default(0),
    /** The merged snapshot, as `json` (stored as text: half the write cost of jsonb, and read whole anyway). */
    snapshot: json("snapshot"),
    /** `request.dataStatus` of the snapshot, apart, so lists read it without the (possibly megabytes) snapshot. */
    dataStatus: jsonb("data_status"),
    /** Every datapoint and document has reached a final state. */
    complete: boolean("complete").notNull().default(false),
    /**
     * What the filing-deadline calendar reads of the merged snapshot (legal name, `statutoryFilings`,
     * `complianceFlags`, the case reference), written with it: so the calendar and the home page never parse
     * whole snapshots. Null until the first snapshot.
     */
    filings: jsonb("filings").$type<StoredFilings>(),
    /** Why this console ordered it; null for a request made elsewhere (lib/orders/send-and-record.ts). */
    purpose: text("purpose", { enum: requestPurposes }),
    /** The request this one follows up (a graph expansion, a retry, a listing, a re-retrieval); null for a first order. */
    parentRequestId: text("parent_request_id"),
    /**
     * When each datapoint first succeeded in this request (`{datapoint: ISO time}`): its value's as-of time in the
     * company file, which a later version of the same request does not make newer.
     */
    succeededAt: jsonb("succeeded_at").$type<Record<string, string>>().notNull().default({}),
    /** The version last merged into the company file; below `version`, the file still lacks it (lib/company-file/). */
    filedVersion: bigint("filed_version", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("company_requests_created").on(t.createdAt.desc()),
    index("company_requests_parent").on(t.parentRequestId),
    index("company_requests_unfiled")
      .on(t.createdAt)
      .where(sql`${t.filedVersion} < ${t.version}`),
    index("company_requests_company").on(t.connectionId, t.countryCode, t.companyId, t.createdAt.desc()),
    /** A company's requests through any connection (the calendar's case references). */
    index("company_requests_country_company").on(t.countryCode, t.companyId),
  ],
);

export type CompanyRequestRow = typeof companyRequests.$inferSelect;

/** `company_requests.filings`: parts of the snapshot as the registry sent them (validated when read). */
export type StoredFilings = { legalName: unknown; statutoryFilings: unknown; complianceFlags: unknown; caseReference: unknown };

/** Where a company file's value came from: the request, its version, and when the registry delivered it (ISO time). */
export type CompanyFileSource = { requestId: string; version: number; asOf: string };

/**
 * One purchase of ownership graph: the first order's graph (`nodeIds` empty) or an expansion from `nodeIds`;
 * `refreshedNodeIds`, companies expanded before whose owners it listed anew (a refresh of their branch); what it spent
 * as its graph's metadata says (kept so that a request merged again is counted once).
 */
export type CompanyFileGraphPart = {
  requestId: string;
  nodeIds: string[];
  boughtAt: string;
  refreshedNodeIds?: string[];
  amountSpent?: number;
  companiesFetched?: number;
};

/** A document the company file holds: as the registry described it, without its signed URL, and the request that brought it. */
export type CompanyFileDocument = {
  key: string;
  requestId: string;
  deliveredAt: string;
  delivered: boolean;
  document: Record<string, unknown>;
};

/** The filings part of the newest snapshot that holds statutory filings or compliance flags, with its source. */
export type CompanyFileFilings = StoredFilings & { source: CompanyFileSource | null; caseReferenceAt?: string };

/**
 * The company file: what this console knows of one company through one connection, whatever request brought each
 * part, kept current on every applied snapshot (lib/company-file/). Each datapoint's newest succeeded value
 * (`sections`, with `sources`), the ownership graph merged over every purchase, every document, and the filings.
 */
export const companyFiles = pgTable(
  "company_files",
  {
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => registryConnections.id, { onDelete: "cascade" }),
    countryCode: text("country_code").notNull(),
    companyId: text("company_id").notNull(),
    companyName: text("company_name"),
    /** The response's top-level sections (`company`, `ultimateBeneficialOwners`…), each from its datapoint's source. */
    sections: jsonb("sections").$type<Record<string, unknown>>().notNull().default({}),
    /** Datapoint → where its current value came from. */
    sources: jsonb("sources").$type<Record<string, CompanyFileSource>>().notNull().default({}),
    /** The ownership graph merged over `graphParts` (json: read and written whole). */
    graph: json("graph"),
    graphParts: jsonb("graph_parts").$type<CompanyFileGraphPart[]>().notNull().default([]),
    documents: jsonb("documents").$type<CompanyFileDocument[]>().notNull().default([]),
    filings: jsonb("filings").$type<CompanyFileFilings>(),
    /** The newest request for the company (any purpose, any outcome). */
    latestRequestId: text("latest_request_id"),
    /**
     * Its `filing_deadlines` are those of `filings`: every write keeps them so; false for files stored before those
     * existed (migration 0011), until the launcher writes their deadlines (fileUnfiledDeadlines).
     */
    deadlinesFiled: boolean("deadlines_filed").notNull().default(true),
    /** Raised by every write: a writer changes the file only if it is still as it read it. */
    revision: bigint("revision", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.countryCode, t.companyId] })],
);

export type CompanyFileRow = typeof companyFiles.$inferSelect;

/**
 * The filing deadlines of each company file, validated and written with it (lib/calendar/filing-deadlines.ts): one
 * row per filing kind, for a file with filings. The calendar and the home page filter, count and page
 * these in SQL instead of parsing every file's filings on each read. Whether a dated deadline is overdue depends on
 * the day, so it is decided when read.
 */
export const filingDeadlines = pgTable(
  "filing_deadlines",
  {
    connectionId: uuid("connection_id").notNull(),
    countryCode: text("country_code").notNull(),
    companyId: text("company_id").notNull(),
    kind: text("kind", { enum: filingKinds }).notNull(),
    /**
     * The filings schedule this kind or flag it overdue. A file with filings has a row of each kind, so the newest
     * filings of a company seen through two connections are found among these rows alone.
     */
    scheduled: boolean("scheduled").notNull(),
    /** The legal name in the filings' snapshot, else the file's company name. */
    companyName: text("company_name"),
    /** Null when only the register's compliance flag says the filing is overdue. */
    dueDate: date("due_date", { mode: "string" }),
    periodEnd: date("period_end", { mode: "string" }),
    /** The register marks the next filing overdue. */
    registerOverdue: boolean("register_overdue").notNull(),
    /** The register's compliance flag for this filing is active. */
    flagged: boolean("flagged").notNull(),
    /** The case reference the filings' request was given. */
    caseReference: text("case_reference"),
    /** The request whose snapshot the filings were read from, and that snapshot's as-of time (ISO, as sent). */
    requestId: text("request_id").notNull(),
    asOf: text("as_of"),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.countryCode, t.companyId, t.kind] }),
    foreignKey({
      name: "filing_deadlines_company_file_fk",
      columns: [t.connectionId, t.countryCode, t.companyId],
      foreignColumns: [companyFiles.connectionId, companyFiles.countryCode, companyFiles.companyId],
    }).onDelete("cascade"),
    index("filing_deadlines_due").on(t.dueDate),
    index("filing_deadlines_company").on(t.countryCode, t.companyId, t.kind),
  ],
);

/** Each applied version of a request's merged snapshot, for diffs and the delivery timeline. */
export const companyRequestVersions = pgTable(
  "company_request_versions",
  {
    requestId: text("request_id")
      .notNull()
      .references(() => companyRequests.requestId, { onDelete: "cascade" }),
    version: bigint("version", { mode: "number" }).notNull(),
    snapshot: json("snapshot").notNull(),
    source: text("source", { enum: snapshotSources }).notNull(),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.version] })],
);

/**
 * A monitor this console knows of: the registry's monitor, mirrored with what the registry does not keep (who
 * started it, when, for which case) and what the console last learnt of its checks. A monitor started by another
 * client of the account has no row until the console first sees it.
 */
export const monitors = pgTable(
  "monitors",
  {
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => registryConnections.id, { onDelete: "cascade" }),
    /** The registry's monitor id (the `monitorId` of its notifications). */
    monitorId: text("monitor_id").notNull(),
    countryCode: text("country_code").notNull(),
    companyId: text("company_id").notNull(),
    companyName: text("company_name"),
    caseReference: text("case_reference"),
    /** The user who started it from this console; null when it was started elsewhere. */
    startedBy: uuid("started_by").references(() => users.id, { onDelete: "set null" }),
    startedByEmail: text("started_by_email"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    /** The metadata as the registry stores it (after its own key skipping and value truncation). */
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    /** The registry's `datapointNotices` from the last create or read (blocked datapoints). */
    datapointNotices: jsonb("datapoint_notices").$type<Record<string, unknown>[]>().notNull().default([]),
    /** The newest check in the monitor's log, as last read: when, its `fetchStatus`, its `errorMessage`. */
    lastCheckAt: timestamp("last_check_at", { withTimezone: true }),
    lastFetchStatus: text("last_fetch_status"),
    lastErrorMessage: text("last_error_message"),
    /** Set by a notification with `monitorHasBeenDeactivated` or the category `disappeared`. */
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    deactivationReason: text("deactivation_reason"),
    /** Set when stopped from this console (`DELETE /v2/monitors/{id}`). */
    stoppedAt: timestamp("stopped_at", { withTimezone: true }),
    stoppedBy: uuid("stopped_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.monitorId] }), index("monitors_company").on(t.connectionId, t.countryCode, t.companyId)],
);

export type MonitorRow = typeof monitors.$inferSelect;

/**
 * An alert: the notifications of one monitor while it is open (new or in review). A notification arriving after
 * the alert is resolved opens a new one. Test notifications group into their own alert, marked `isTest`.
 */
export const alerts = pgTable(
  "alerts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    connectionId: uuid("connection_id").references(() => registryConnections.id, { onDelete: "set null" }),
    monitorId: text("monitor_id").notNull(),
    countryCode: text("country_code").notNull(),
    companyId: text("company_id").notNull(),
    companyName: text("company_name"),
    state: text("state", { enum: alertStates }).notNull().default("new"),
    /** Every change category its notifications carried, in first-seen order. */
    categories: jsonb("categories").$type<string[]>().notNull(),
    isTest: boolean("is_test").notNull().default(false),
    /** A notification said the monitor was deactivated (or the company disappeared). */
    deactivation: boolean("deactivation").notNull().default(false),
    notificationCount: integer("notification_count").notNull().default(0),
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    /** From the per-category SLA (alert_slas, else the defaults) when the alert opened; recomputed as categories join. */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    lastNotifiedAt: timestamp("last_notified_at", { withTimezone: true }).notNull().defaultNow(),
    outcome: text("outcome", { enum: alertOutcomes }),
    resolutionComment: text("resolution_comment"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
    /** The request "See what changed" ordered, and the snapshot it was compared with. */
    changeRequestId: text("change_request_id"),
    baselineRequestId: text("baseline_request_id"),
    baselineVersion: bigint("baseline_version", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("alerts_one_open_per_monitor")
      .on(t.connectionId, t.monitorId, t.isTest)
      .where(sql`${t.state} <> 'resolved'`),
    index("alerts_inbox").on(t.state, t.lastNotifiedAt.desc(), t.id.desc()),
    index("alerts_assignee_inbox").on(t.assigneeId, t.state, t.lastNotifiedAt.desc(), t.id.desc()),
    index("alerts_due").on(t.state, t.dueAt, t.id),
    index("alerts_monitor").on(t.monitorId),
    /** A company's timeline: its alerts through one connection. */
    index("alerts_company").on(t.connectionId, t.countryCode, t.companyId),
  ],
);

export type AlertRow = typeof alerts.$inferSelect;

/** Every `monitor.notification` received, with the alert it joined. */
export const monitorNotifications = pgTable(
  "monitor_notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    alertId: bigint("alert_id", { mode: "number" })
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    connectionId: uuid("connection_id").references(() => registryConnections.id, { onDelete: "set null" }),
    messageId: text("message_id").notNull(),
    monitorId: text("monitor_id").notNull(),
    companyId: text("company_id").notNull(),
    countryCode: text("country_code").notNull(),
    changeCategories: jsonb("change_categories").$type<string[]>().notNull(),
    metadata: jsonb("metadata").$type<Record<string, string>>(),
    monitorHasBeenDeactivated: boolean("monitor_has_been_deactivated").notNull(),
    /** Matched to a test notification this console asked for (monitor_test_requests). */
    isTest: boolean("is_test").notNull().default(false),
    /** The event's own `timestamp`. */
    notifiedAt: text("notified_at").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("monitor_notifications_alert").on(t.alertId, t.id), index("monitor_notifications_received").on(t.receivedAt.desc())],
);

/**
 * A test notification this console asked the registry for, written before the call: the notification it
 * produces is indistinguishable from a real one, so it is recognised by this record (same monitor, same
 * categories and deactivation flag, not matched yet) and marked test.
 */
export const monitorTestRequests = pgTable(
  "monitor_test_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => registryConnections.id, { onDelete: "cascade" }),
    monitorId: text("monitor_id").notNull(),
    categories: jsonb("categories").$type<string[]>().notNull(),
    deactivation: boolean("deactivation").notNull().default(false),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    requestedByEmail: text("requested_by_email").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    /** The notification it produced, once received. */
    notificationId: bigint("notification_id", { mode: "number" }).references(() => monitorNotifications.id, { onDelete: "set null" }),
    /** The registry refused the call: its code and message. */
    failure: jsonb("failure").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("monitor_test_requests_unmatched")
      .on(t.connectionId, t.monitorId, t.requestedAt)
      .where(sql`${t.notificationId} is null and ${t.failure} is null`),
  ],
);

/** An alert's timeline: who did what and when (each event is also an audit row). */
export const alertEvents = pgTable(
  "alert_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    alertId: bigint("alert_id", { mode: "number" })
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: alertEventKinds }).notNull(),
    /** Null for events the registry caused (a notification received). */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** What the event carries: the comment, the states, the assignee, the request id, the outcome. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("alert_events_alert").on(t.alertId, t.id)],
);

/** Per-category SLA overrides set by an admin; categories without a row use the defaults in lib/alerts/. */
export const alertSlas = pgTable("alert_slas", {
  category: text("category").primaryKey(),
  days: integer("days").notNull(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The snapshot of a company last marked reviewed (resolving an alert marks its re-retrieved snapshot), per
 * connection: the baseline "See what changed" diffs against.
 */
export const reviewedBaselines = pgTable(
  "reviewed_baselines",
  {
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => registryConnections.id, { onDelete: "cascade" }),
    countryCode: text("country_code").notNull(),
    companyId: text("company_id").notNull(),
    requestId: text("request_id")
      .notNull()
      .references(() => companyRequests.requestId, { onDelete: "cascade" }),
    version: bigint("version", { mode: "number" }).notNull(),
    alertId: bigint("alert_id", { mode: "number" }).references(() => alerts.id, { onDelete: "set null" }),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.countryCode, t.companyId] })],
);

/** Billing notifications (low balance, high usage, auto top-up) received by webhook, as sent. */
export const billingEvents = pgTable(
  "billing_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    connectionId: uuid("connection_id").references(() => registryConnections.id, { onDelete: "set null" }),
    messageId: text("message_id").notNull(),
    type: text("type").notNull(),
    kind: text("kind"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("billing_events_received").on(t.receivedAt.desc())],
);

/**
 * Live events pushed to open pages (lib/live/). The id is the SSE event id, so a browser that reconnects
 * with `Last-Event-ID` gets what it missed; rows older than an hour are pruned.
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    topic: text("topic").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("live_events_at").on(t.at)],
);

/**
 * A paid request's intent, written before the registry is called and settled after: no credits are spent
 * without a record, even when the process dies between the registry's answer and the console's transaction.
 * `pending` while the call runs; `ordered`, `refused`, or `unknown` (a time-out or a crash: the registry may
 * or may not have accepted it) once settled. An open intent is reconciled when the console next starts.
 */
export const paidRequestIntents = pgTable(
  "paid_request_intents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    connectionId: uuid("connection_id").references(() => registryConnections.id, { onDelete: "set null" }),
    /** The audit action it will be recorded as (`company.ordered`, `company.graph_expanded`…). */
    action: text("action").notNull(),
    /** `<country> <company id>`. */
    target: text("target").notNull(),
    /** What was asked for: quoted total, caps, datapoints, documents, case reference. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["pending", "ordered", "refused", "unknown"] })
      .notNull()
      .default("pending"),
    requestId: text("request_id"),
    /** Why it was refused or is unknown, in words (the registry's code and message, or the failure). */
    outcome: jsonb("outcome").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    index("paid_request_intents_open")
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'unknown')`),
  ],
);

export type PaidRequestIntent = typeof paidRequestIntents.$inferSelect;

/**
 * A sensitive change waiting for a second admin (dual control, lib/dual-control/). It holds what, where, who,
 * when and why, never a vault payload; a connection's new key or signing secret waits sealed in `sealed_secrets`
 * (encrypted as connection secrets are) and is dropped when the change is decided or expires.
 */
export const pendingChanges = pgTable(
  "pending_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: pendingChangeKinds }).notNull(),
    /** The connection the change is made through (registry changes) or to (connection changes). */
    connectionId: uuid("connection_id").references(() => registryConnections.id, { onDelete: "cascade" }),
    /** What it changes, in words: a workspace name, `workspace/sourceKey`, a connection's name. */
    target: text("target").notNull(),
    /** What the change is, without a secret: e.g. `{ uboEnabled: true, legalBasis }`, `{ baseUrl, apiKeyHint }`. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull(),
    /** A connection change's new secrets, sealed with the app's key (lib/secret-box.ts). */
    sealedSecrets: text("sealed_secrets"),
    reason: text("reason").notNull(),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    requestedByEmail: text("requested_by_email").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    state: text("state", { enum: pendingChangeStates }).notNull().default("pending"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedByEmail: text("decided_by_email"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** Why it was rejected, or how performing it failed (the registry's code and message). */
    outcome: jsonb("outcome").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("pending_changes_open")
      .on(t.expiresAt)
      .where(sql`${t.state} = 'pending'`),
    index("pending_changes_requested").on(t.requestedAt.desc()),
  ],
);

export type PendingChange = typeof pendingChanges.$inferSelect;

/** Whether dual control applies (one row; none means on). Turning it off is itself a dual-control change. */
export const dualControlSetting = pgTable("dual_control_setting", {
  id: boolean("id").primaryKey().default(true),
  enabled: boolean("enabled").notNull(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's authenticated `.ics` feed of filing deadlines. The URL carries a random token; only its SHA-256 is
 * stored. A revoked feed answers 401.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Why it was revoked: by its owner, or because their session version moved (password, deactivation, role). */
    revokedReason: text("revoked_reason"),
  },
  (t) => [index("calendar_feeds_user").on(t.userId)],
);

export type CalendarFeed = typeof calendarFeeds.$inferSelect;

/**
 * The risk model's published versions (lib/risk/risk-model.shared.ts): each a whole document of rules, weights, lists and
 * thresholds, never edited once published, so a past rating is explained by the version it names. The newest is
 * in force. Publishing is a dual-controlled change (`risk_model_publish`).
 */
export const riskModelVersions = pgTable("risk_model_versions", {
  version: integer("version").primaryKey(),
  model: jsonb("model").$type<Record<string, unknown>>().notNull(),
  /** Why this version, as its author wrote it. */
  note: text("note").notNull(),
  publishedBy: uuid("published_by").references(() => users.id, { onDelete: "set null" }),
  publishedByEmail: text("published_by_email").notNull(),
  approvedByEmail: text("approved_by_email"),
  publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
});

export type RiskModelVersionRow = typeof riskModelVersions.$inferSelect;

/** One reason a rule gave points: its sentence names the evidence (field, value, as-of time, source request). */
export type RiskReason = {
  rule: string;
  points: number;
  sentence: string;
  evidence?: { field: string; value: unknown; asOf?: string | null; requestId?: string | null };
};

/**
 * Every rating a company file was given, newest last: the model version, the facts the rules read (`inputs`) and
 * the reasons, so a past rating can be replayed and explained exactly as it was.
 */
export const companyRatings = pgTable(
  "company_ratings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => registryConnections.id, { onDelete: "cascade" }),
    countryCode: text("country_code").notNull(),
    companyId: text("company_id").notNull(),
    modelVersion: integer("model_version")
      .notNull()
      .references(() => riskModelVersions.version),
    /** The company file's revision it was computed from. */
    fileRevision: bigint("file_revision", { mode: "number" }).notNull(),
    score: integer("score").notNull(),
    rating: text("rating", { enum: riskRatings }).notNull(),
    reasons: jsonb("reasons").$type<RiskReason[]>().notNull(),
    inputs: jsonb("inputs").$type<Record<string, unknown>>().notNull(),
    /** Part of the ownership graph is unexpanded (stopped on budget): the rating may be too low. */
    incomplete: boolean("incomplete").notNull().default(false),
    ratedAt: timestamp("rated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("company_ratings_company").on(t.connectionId, t.countryCode, t.companyId, t.id.desc())],
);

export type CompanyRatingRow = typeof companyRatings.$inferSelect;

/**
 * The portfolio: one row per company file, kept by the re-rater (lib/risk/) with the current rating, and by reviews
 * with the review cycle. Denormalised so that 100,000 rows filter, sort and page in SQL. A company leaving the
 * portfolio (no longer a customer) keeps its row and its history.
 */
export const portfolioEntries = pgTable(
  "portfolio_entries",
  {
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => registryConnections.id, { onDelete: "cascade" }),
    countryCode: text("country_code").notNull(),
    companyId: text("company_id").notNull(),
    companyName: text("company_name"),
    /** Marked customer on the company file (audited); with scope `customers`, only these are in the portfolio. */
    customer: boolean("customer").notNull().default(false),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** The rating in force: the pin when pinned, else the computed one. */
    rating: text("rating", { enum: riskRatings }),
    score: integer("score"),
    /** The rating's top reasons (sentences), for the list. */
    topReasons: jsonb("top_reasons").$type<string[]>().notNull().default([]),
    ratingId: bigint("rating_id", { mode: "number" }).references(() => companyRatings.id, { onDelete: "set null" }),
    modelVersion: integer("model_version"),
    /** The company file's revision last rated; below the file's revision means a re-rating is due. */
    ratedRevision: bigint("rated_revision", { mode: "number" }).notNull().default(-1),
    incomplete: boolean("incomplete").notNull().default(false),
    /** The company's active compliance flags (`accountsOverdue`…), for the flag filter. */
    activeFlags: text("active_flags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    pinnedRating: text("pinned_rating", { enum: riskRatings }),
    pinReason: text("pin_reason"),
    pinnedBy: uuid("pinned_by").references(() => users.id, { onDelete: "set null" }),
    pinnedAt: timestamp("pinned_at", { withTimezone: true }),
    lastReviewId: bigint("last_review_id", { mode: "number" }),
    lastReviewedAt: timestamp("last_reviewed_at", { withTimezone: true }),
    nextReviewDue: timestamp("next_review_due", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.countryCode, t.companyId] }),
    /**
     * The default order and keyset paging (lib/portfolio/portfolio-list.ts): the due date with never-due last
     * (`infinity`), then the whole key, so a page, the due filters and each filter's first rows read in order.
     */
    index("portfolio_due").on(sql`coalesce(${t.nextReviewDue}, 'infinity'::timestamptz)`, t.countryCode, t.companyId, t.connectionId),
    index("portfolio_rating").on(t.rating, t.nextReviewDue),
    index("portfolio_owner").on(t.ownerId, t.nextReviewDue),
    index("portfolio_flags").using("gin", t.activeFlags),
  ],
);

export type PortfolioEntryRow = typeof portfolioEntries.$inferSelect;

/** A periodic review of a company: its outcome, the data it was based on (the reviewed baseline), the next due date. */
export const companyReviews = pgTable(
  "company_reviews",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => registryConnections.id, { onDelete: "cascade" }),
    countryCode: text("country_code").notNull(),
    companyId: text("company_id").notNull(),
    outcome: text("outcome", { enum: reviewOutcomes }).notNull(),
    comment: text("comment").notNull(),
    /** The rating in force when reviewed. */
    ratingId: bigint("rating_id", { mode: "number" }).references(() => companyRatings.id, { onDelete: "set null" }),
    rating: text("rating", { enum: riskRatings }),
    /** The request and version the review was based on (written to reviewed_baselines too). */
    baselineRequestId: text("baseline_request_id"),
    baselineVersion: bigint("baseline_version", { mode: "number" }),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedByEmail: text("reviewed_by_email").notNull(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }).notNull().defaultNow(),
    nextReviewDue: timestamp("next_review_due", { withTimezone: true }).notNull(),
  },
  (t) => [index("company_reviews_company").on(t.connectionId, t.countryCode, t.companyId, t.reviewedAt.desc())],
);

export type CompanyReviewRow = typeof companyReviews.$inferSelect;

/** The review policy (one row; none means the defaults in lib/risk/review-policy.shared.ts). */
export const reviewPolicy = pgTable("review_policy", {
  id: boolean("id").primaryKey().default(true),
  /** Months between reviews, per rating. */
  highMonths: integer("high_months").notNull(),
  mediumMonths: integer("medium_months").notNull(),
  lowMonths: integer("low_months").notNull(),
  /** A review of data older than this many days warns first and offers a refresh. */
  staleDays: integer("stale_days").notNull(),
  portfolioScope: text("portfolio_scope", { enum: portfolioScopes }).notNull(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Credits, to the cent, read as numbers. */
const credits = (name: string) => numeric(name, { precision: 14, scale: 2, mode: "number" });

/**
 * Batch work (lib/batches/): a customer list onboarded from a CSV file, or a review campaign over portfolio
 * companies. Its rows are the truth of what was matched, priced, ordered and received; the job queue (lib/jobs/) only
 * drives them, so a job run twice or after a crash never orders a row twice.
 */
export const batches = pgTable(
  "batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: batchKinds }).notNull(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => registryConnections.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByEmail: text("created_by_email").notNull(),
    /** The uploaded file's name and SHA-256 (an import): the same file uploaded again opens this batch. */
    fileName: text("file_name"),
    fileDigest: text("file_digest"),
    status: text("status", { enum: batchStatuses }).notNull().default("matching"),
    /** The datapoints ordered for each matched row (the "Full KYB dossier" preset unless chosen otherwise). */
    datapoints: jsonb("datapoints").$type<string[]>().notNull(),
    /** Rows whose company file already holds fresh data for every datapoint are skipped. */
    skipFresh: boolean("skip_fresh").notNull().default(true),
    /** Orders in flight at once for this batch. */
    concurrency: integer("concurrency").notNull().default(4),
    /** What the rows to order were priced at in total (each row at most its ceiling), and the cap the user confirmed. */
    quotedCredits: credits("quoted_credits"),
    capCredits: credits("cap_credits"),
    /** The ceilings of the rows sent so far (less those refused): never above the cap. */
    reservedCredits: credits("reserved_credits").notNull().default(0),
    confirmedBy: uuid("confirmed_by").references(() => users.id, { onDelete: "set null" }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    cancelledBy: uuid("cancelled_by").references(() => users.id, { onDelete: "set null" }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("batches_file")
      .on(t.connectionId, t.fileDigest)
      .where(sql`${t.fileDigest} is not null`),
    index("batches_created").on(t.createdAt.desc()),
  ],
);

export type BatchRow = typeof batches.$inferSelect;

/** A candidate company for an ambiguous row, as matching scored it. */
export type BatchCandidate = { companyId: string; legalName: string; score: number; reason: string };

/** One row of a batch: as uploaded (an import) or as selected (a campaign), then matched, priced and ordered. */
export const batchRows = pgTable(
  "batch_rows",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
    /** The row's line in the file (1 is the first row after the header), or its place in a campaign. */
    rowNumber: integer("row_number").notNull(),
    /** The row as read: name, country, registration number, case reference, owner. */
    input: jsonb("input").$type<Record<string, string>>().notNull(),
    /** What is wrong with the row as read, in words (an invalid row is never searched nor ordered). */
    problems: jsonb("problems").$type<string[]>().notNull().default([]),
    matchState: text("match_state", { enum: batchMatchStates }).notNull().default("pending"),
    countryCode: text("country_code").notNull(),
    /** The company the row is for, once matched (or picked by a person). */
    companyId: text("company_id"),
    companyName: text("company_name"),
    matchReason: text("match_reason"),
    matchScore: real("match_score"),
    candidates: jsonb("candidates").$type<BatchCandidate[]>().notNull().default([]),
    /** Datapoints this row orders (a campaign: what is stale in the company file); null: the batch's. */
    datapoints: jsonb("datapoints").$type<string[]>(),
    /** The most this row may spend (its order's spend cap), once priced. */
    ceilingCredits: credits("ceiling_credits"),
    outcome: text("outcome", { enum: batchRowOutcomes }).notNull().default("pending"),
    /** Why skipped, refused or unknown, in words (a refusal in the registry's words). */
    outcomeReason: text("outcome_reason"),
    intentId: uuid("intent_id").references(() => paidRequestIntents.id, { onDelete: "set null" }),
    requestId: text("request_id"),
    /** A campaign row's completed refresh against the reviewed baseline: the changes in words, or none. */
    diff: jsonb("diff").$type<{
      changes: { field: string; before: string | null; after: string | null }[];
      baselineRequestId: string | null;
    }>(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("batch_rows_number").on(t.batchId, t.rowNumber),
    index("batch_rows_outcome").on(t.batchId, t.outcome, t.rowNumber),
    index("batch_rows_request")
      .on(t.requestId)
      .where(sql`${t.requestId} is not null`),
    index("batch_rows_intent")
      .on(t.intentId)
      .where(sql`${t.intentId} is not null`),
  ],
);

export type BatchRowRecord = typeof batchRows.$inferSelect;

/**
 * The pace of batch orders per connection: at most `orders_per_minute`, shared by every batch on the connection in
 * the order they ask (so two batches share it fairly), across every app instance. `next_slot_at` is the earliest
 * time the next batch order may go out.
 */
export const batchConnectionPace = pgTable("batch_connection_pace", {
  connectionId: uuid("connection_id")
    .primaryKey()
    .references(() => registryConnections.id, { onDelete: "cascade" }),
  ordersPerMinute: integer("orders_per_minute").notNull().default(120),
  nextSlotAt: timestamp("next_slot_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A company refreshed by a review campaign, waiting in its reviewer's queue (the company's owner, else whoever
 * started the campaign) with what changed since the reviewed baseline; done once the company is marked reviewed.
 */
export const reviewQueue = pgTable(
  "review_queue",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    batchRowId: bigint("batch_row_id", { mode: "number" })
      .notNull()
      .references(() => batchRows.id, { onDelete: "cascade" }),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => registryConnections.id, { onDelete: "cascade" }),
    countryCode: text("country_code").notNull(),
    companyId: text("company_id").notNull(),
    reviewerId: uuid("reviewer_id").references(() => users.id, { onDelete: "set null" }),
    requestId: text("request_id").notNull(),
    /** How many fields changed since the reviewed baseline (0: nothing changed). */
    changeCount: integer("change_count").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("review_queue_row").on(t.batchRowId),
    index("review_queue_open")
      .on(t.reviewerId, t.createdAt)
      .where(sql`${t.doneAt} is null`),
  ],
);
