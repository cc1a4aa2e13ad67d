import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { alertEvents, alerts, auditLog, companyRequests, companyReviews, monitors, users } from "@/db/schema";
import { describeEvent, eventComment, eventEmails } from "@/lib/alerts/describe-event.shared";
import { registryActor } from "@/lib/alerts/record-notification";
import type { AuditAction } from "@/lib/audit/audit";
import { can } from "@/lib/auth/capabilities.shared";
import type { Role } from "@/lib/auth/roles.shared";
import { formatNumber } from "@/lib/dossier/display-formats.shared";
import { datapointLabel } from "@/lib/pricing/price-labels";
import { requestCharge } from "@/lib/requests/charge";
import { requestPurposeLabels } from "@/lib/requests/origins";
import { dayWords } from "@/lib/reviews/review-dates.shared";
import { displayNamesByEmail } from "@/lib/users/display-names";
import { label } from "@/lib/vocabulary/words.shared";
import { ofCompany, type CompanyKey } from "@/lib/company-file/company-file-store";

/** What a timeline event is about. */
export type TimelineEventKind =
  | "request"
  | "monitor_started"
  | "monitor_stopped"
  | "monitor_changed"
  | "monitor_deactivated"
  | "alert"
  | "baseline_reviewed"
  | "evidence_exported"
  | "review";

/** One thing that happened to a company through one connection, in words. */
export type TimelineEvent = {
  /** Unique within a timeline (a list key): the source and its row. */
  id: string;
  at: Date;
  kind: TimelineEventKind;
  title: string;
  detail?: string;
  /** Who did it: a user's display name (their email where they have none), "the registry", or "a webhook". */
  who?: string;
  /** Where it is recorded in the console: a request, an alert, a monitor. */
  href?: string;
};

export type TimelineOptions = {
  /** At most this many events, the newest. */
  limit: number;
  /** Who reads it: monitors and alerts are left out for a role that may not see them (finance). */
  role: Role;
};

const requestHref = (requestId: string) => `/requests/${encodeURIComponent(requestId)}`;
const monitorHref = (monitorId: string) => `/monitors/${encodeURIComponent(monitorId)}`;
const alertHref = (alertId: number) => `/alerts/${alertId}`;

const text = (value: unknown): string | undefined => (typeof value === "string" && value.trim() !== "" ? value : undefined);
const sentence = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(" · ") || undefined;
const caseReferenceWords = (value: unknown) => (text(value) ? `case reference ${text(value)}` : undefined);
const plural = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;

type StatusMap = Record<string, { status?: unknown } | undefined>;
type DataStatus = { dataPoints?: StatusMap; documents?: StatusMap } | null;

/** What a request asked for, as the order panel names it: its datapoints, and how many documents. */
function orderedWords(status: DataStatus): string | undefined {
  const datapoints = Object.keys(status?.dataPoints ?? {}).map(datapointLabel);
  const documents = Object.keys(status?.documents ?? {}).length;
  const parts = [...datapoints, ...(documents ? [plural(documents, "document")] : [])];
  return parts.length ? parts.join(", ") : undefined;
}

/** Where a request stands: no answer yet, still running, or final with how many of its parts failed. */
function outcomeWords(status: DataStatus, complete: boolean): string {
  const entries = [...Object.values(status?.dataPoints ?? {}), ...Object.values(status?.documents ?? {})];
  if (entries.length === 0) return "no answer from the registry yet";
  if (!complete) return "in progress";
  const failed = entries.filter((entry) => entry?.status === "failed").length;
  return failed ? `complete, ${failed} of ${entries.length} failed` : "complete";
}

/** What the registry charged, as the requests list has it: the sum of its costs, or that it reported none. */
function chargeWords(status: DataStatus): string {
  const charged = requestCharge(status as Parameters<typeof requestCharge>[0]);
  return charged === undefined ? "cost not reported" : `${plural(charged, "credit")} charged`;
}

/** Every request for the company through the connection: when, why, what, its outcome and cost, and who placed it. */
async function requestEvents(key: CompanyKey, limit: number): Promise<TimelineEvent[]> {
  const rows = await db()
    .select({
      requestId: companyRequests.requestId,
      origin: companyRequests.origin,
      purpose: companyRequests.purpose,
      parentRequestId: companyRequests.parentRequestId,
      complete: companyRequests.complete,
      dataStatus: companyRequests.dataStatus,
      caseReference: sql<unknown>`${companyRequests.filings} -> 'caseReference'`,
      createdAt: companyRequests.createdAt,
      orderedBy: users.email,
    })
    .from(companyRequests)
    .leftJoin(users, eq(users.id, companyRequests.orderedBy))
    .where(ofCompany(companyRequests, key))
    .orderBy(desc(companyRequests.createdAt), desc(companyRequests.requestId))
    .limit(limit);
  return rows.map((row) => {
    const status = row.dataStatus as DataStatus;
    const elsewhere = row.origin === "elsewhere";
    const title = elsewhere ? "Request made outside this console" : row.purpose ? requestPurposeLabels[row.purpose] : "Request";
    return {
      id: `request:${row.requestId}`,
      at: row.createdAt,
      kind: "request",
      title: `${title} (request ${row.requestId})`,
      detail: sentence(
        orderedWords(status),
        outcomeWords(status, row.complete),
        chargeWords(status),
        caseReferenceWords(row.caseReference),
        row.parentRequestId ? `follows request ${row.parentRequestId}` : undefined,
      ),
      // A request made by another client of the account reached the console only by webhook.
      who: elsewhere ? "a webhook" : (row.orderedBy ?? undefined),
      href: requestHref(row.requestId),
    };
  });
}

const monitorActions = ["monitor.started", "monitor.stopped", "monitor.metadata_updated"] as const satisfies readonly AuditAction[];

/** Monitors started, stopped and edited from this console, from their audit rows (which name the connection). */
async function monitorAuditEvents(key: CompanyKey, limit: number): Promise<TimelineEvent[]> {
  const rows = await db()
    .select({ id: auditLog.id, at: auditLog.at, action: auditLog.action, actorEmail: auditLog.actorEmail, details: auditLog.details })
    .from(auditLog)
    .where(
      and(
        inArray(auditLog.action, [...monitorActions]),
        eq(auditLog.target, `${key.countryCode} ${key.companyId}`),
        sql`${auditLog.details} ->> 'connectionId' = ${key.connectionId}`,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map((row) => {
    const monitorId = text(row.details.monitorId);
    const monitor = monitorId ? `monitor ${monitorId}` : undefined;
    const base = { id: `audit:${row.id}`, at: row.at, who: row.actorEmail, href: monitorId ? monitorHref(monitorId) : undefined };
    if (row.action === "monitor.started") {
      return {
        ...base,
        kind: "monitor_started" as const,
        title:
          row.details.alreadyMonitored === true ? "Monitoring started again (the company was already monitored)" : "Monitoring started",
        detail: sentence(monitor, caseReferenceWords(row.details.caseReference)),
      };
    }
    if (row.action === "monitor.stopped")
      return { ...base, kind: "monitor_stopped" as const, title: "Monitoring stopped", detail: monitor };
    const replaced = text(row.details.replacedMonitorId);
    return {
      ...base,
      kind: "monitor_changed" as const,
      title: "Monitor's metadata changed",
      detail: sentence(
        monitor,
        caseReferenceWords(row.details.caseReference) ?? "no case reference",
        replaced && `replaces monitor ${replaced}, which the registry no longer had`,
      ),
    };
  });
}

/** What the monitors mirror knows and no audit row says: monitors started outside this console, and deactivations. */
async function monitorRecordEvents(key: CompanyKey, limit: number): Promise<TimelineEvent[]> {
  const rows = await db()
    .select({
      monitorId: monitors.monitorId,
      startedAt: monitors.startedAt,
      startedByEmail: monitors.startedByEmail,
      caseReference: monitors.caseReference,
      deactivatedAt: monitors.deactivatedAt,
      deactivationReason: monitors.deactivationReason,
    })
    .from(monitors)
    .where(ofCompany(monitors, key))
    .orderBy(desc(sql`greatest(${monitors.startedAt}, ${monitors.deactivatedAt})`))
    .limit(limit);
  return rows.flatMap((row): TimelineEvent[] => [
    ...(row.startedByEmail === null
      ? [
          {
            id: `monitor-started-elsewhere:${row.monitorId}`,
            at: row.startedAt,
            kind: "monitor_started" as const,
            title: "Monitoring started outside this console",
            detail: sentence(`monitor ${row.monitorId}`, caseReferenceWords(row.caseReference)),
            href: monitorHref(row.monitorId),
          },
        ]
      : []),
    ...(row.deactivatedAt
      ? [
          {
            id: `monitor-deactivated:${row.monitorId}`,
            at: row.deactivatedAt,
            kind: "monitor_deactivated" as const,
            title: "Monitor deactivated",
            detail: sentence(`monitor ${row.monitorId}`, text(row.deactivationReason)),
            who: "the registry",
            href: monitorHref(row.monitorId),
          },
        ]
      : []),
  ]);
}

/**
 * The alerts of the company's monitors, event by event (received, assigned, reviewed, resolved, commented, what
 * changed ordered and reviewed), and each reviewed baseline a resolution set.
 */
async function alertTimelineEvents(key: CompanyKey, limit: number): Promise<TimelineEvent[]> {
  const rows = await db()
    .select({
      id: alertEvents.id,
      alertId: alertEvents.alertId,
      kind: alertEvents.kind,
      actorId: alertEvents.actorId,
      actorEmail: alertEvents.actorEmail,
      at: alertEvents.at,
      details: alertEvents.details,
    })
    .from(alertEvents)
    .innerJoin(alerts, eq(alerts.id, alertEvents.alertId))
    .where(ofCompany(alerts, key))
    .orderBy(desc(alertEvents.at), desc(alertEvents.id))
    .limit(limit);
  const people = await displayNamesByEmail(rows.flatMap((row) => eventEmails(row.kind, row.details)));
  return rows.flatMap((row): TimelineEvent[] => {
    const who =
      row.actorId === null && (row.actorEmail === null || row.actorEmail === registryActor.email) ? "the registry" : row.actorEmail!;
    const event: TimelineEvent = {
      id: `alert-event:${row.id}`,
      at: row.at,
      kind: "alert",
      title: `Alert ${row.alertId}: ${describeEvent(row.kind, row.details, people)}`,
      detail: eventComment(row.details),
      who,
      href: alertHref(row.alertId),
    };
    const baseline = row.details.baseline as { requestId?: unknown; version?: unknown } | undefined;
    const baselineRequest = text(baseline?.requestId);
    if (row.kind !== "state_changed" || !baselineRequest) return [event];
    return [
      event,
      {
        id: `baseline:${row.id}`,
        at: row.at,
        kind: "baseline_reviewed",
        title: "Reviewed baseline set",
        detail:
          `The snapshot "See what changed" brought for alert ${row.alertId} (request ${baselineRequest}` +
          `${typeof baseline?.version === "number" ? `, version ${baseline.version}` : ""}) is what the next changes are compared with`,
        who,
        href: requestHref(baselineRequest),
      },
    ];
  });
}

/**
 * Evidence packs exported for the company: a request's (audited with its id), or the company file's (audited with
 * the file's newest request and version 0). Only those of this connection's requests.
 */
async function evidenceEvents(key: CompanyKey, limit: number): Promise<TimelineEvent[]> {
  const requestsOfCompany = db()
    .select({ requestId: companyRequests.requestId })
    .from(companyRequests)
    .where(ofCompany(companyRequests, key));
  const rows = await db()
    .select({ id: auditLog.id, at: auditLog.at, actorEmail: auditLog.actorEmail, target: auditLog.target, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.action, "evidence.exported" satisfies AuditAction), inArray(auditLog.target, requestsOfCompany)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map((row) => {
    const files = typeof row.details.fileCount === "number" ? plural(row.details.fileCount, "file") : undefined;
    const ofFile = row.details.version === 0;
    return {
      id: `audit:${row.id}`,
      at: row.at,
      kind: "evidence_exported",
      title: ofFile ? "Company file's evidence pack exported" : `Evidence pack of request ${row.target} exported`,
      detail: sentence(
        ofFile
          ? "every part of the file as of then, with where each came from"
          : typeof row.details.version === "number" && `version ${row.details.version}`,
        files,
      ),
      who: row.actorEmail,
      href: ofFile ? undefined : requestHref(row.target!),
    };
  });
}

/** The company's periodic reviews: the outcome, the comment, the rating then, the data it was based on and the next due date. */
async function reviewEvents(key: CompanyKey, limit: number): Promise<TimelineEvent[]> {
  const rows = await db()
    .select()
    .from(companyReviews)
    .where(ofCompany(companyReviews, key))
    .orderBy(desc(companyReviews.reviewedAt), desc(companyReviews.id))
    .limit(limit);
  return rows.map((row) => ({
    id: `review:${row.id}`,
    at: row.reviewedAt,
    kind: "review",
    title: `Reviewed: ${label("reviewOutcome", row.outcome)}`,
    detail: sentence(
      row.comment,
      row.rating ? `rated ${label("riskRating", row.rating).toLowerCase()} risk then` : "not rated yet then",
      row.baselineRequestId !== null &&
        `based on request ${row.baselineRequestId}${row.baselineVersion !== null ? `, version ${row.baselineVersion}` : ""}`,
      `next review due ${dayWords(row.nextReviewDue)}`,
    ),
    who: row.reviewedByEmail,
    href: row.baselineRequestId ? requestHref(row.baselineRequestId) : undefined,
  }));
}

/**
 * The company's timeline through one connection, newest first: its requests, its monitors (started, changed,
 * stopped, deactivated), its alerts' events and reviewed baselines, its periodic reviews, and the evidence packs exported. Each source is
 * read once, at most `limit` rows, in parallel; a company seen through another connection is another timeline.
 */
export async function companyTimeline(key: CompanyKey, { limit, role }: TimelineOptions): Promise<TimelineEvent[]> {
  const sources = [
    requestEvents(key, limit),
    evidenceEvents(key, limit),
    ...(can(role, "readMonitors") ? [monitorAuditEvents(key, limit), monitorRecordEvents(key, limit)] : []),
    ...(can(role, "readAlerts") ? [alertTimelineEvents(key, limit)] : []),
    ...(can(role, "readPortfolio") ? [reviewEvents(key, limit)] : []),
  ];
  const events = (await Promise.all(sources)).flat();
  // Newest first; at the same instant, in the order the sources and their rows came (stable sort).
  return byDisplayName(events.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit));
}

/** The people who did things named by their display names, as the alert page names them; one without a name by email. */
async function byDisplayName(events: TimelineEvent[]): Promise<TimelineEvent[]> {
  const people = await displayNamesByEmail(events.map((event) => event.who));
  return events.map((event) => (event.who && Object.hasOwn(people, event.who) ? { ...event, who: people[event.who] } : event));
}
