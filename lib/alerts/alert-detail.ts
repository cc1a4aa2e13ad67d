import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { alertEvents, alerts, monitorNotifications, monitors, users } from "@/db/schema";
import { displayNamesByEmail } from "@/lib/users/display-names";
import type { AlertEventKind } from "./alert-events";
import { eventEmails, type PeopleNames } from "./describe-event.shared";
import type { AlertOutcome, AlertState } from "./labels.shared";

export type AlertNotification = {
  id: number;
  categories: string[];
  isTest: boolean;
  deactivated: boolean;
  /** The event's own timestamp, as the registry sent it. */
  notifiedAt: string;
  receivedAt: Date;
};

export type AlertTimelineEvent = {
  id: number;
  kind: AlertEventKind;
  actorEmail: string | null;
  /** The actor's display name now (null for the registry, or a user since deleted). */
  actorName: string | null;
  at: Date;
  details: Record<string, unknown>;
};

export type AlertDetail = {
  id: number;
  state: AlertState;
  categories: string[];
  isTest: boolean;
  deactivation: boolean;
  connectionId: string | null;
  monitorId: string;
  countryCode: string;
  companyId: string;
  companyName: string | null;
  /** The monitor's case reference, when this console started it. */
  caseReference: string | null;
  assignee: { id: string; email: string; name: string } | null;
  dueAt: Date;
  openedAt: Date;
  lastNotifiedAt: Date;
  outcome: AlertOutcome | null;
  resolutionComment: string | null;
  resolvedAt: Date | null;
  /** Who resolved it: their display name, or their email where they have none. */
  resolvedBy: string | null;
  changeRequestId: string | null;
  notifications: AlertNotification[];
  timeline: AlertTimelineEvent[];
  /** The display names of the people the timeline names by email (an assignment's from and to), by email. */
  people: PeopleNames;
};

const asDate = (value: string | Date) => new Date(value);

/** One alert with its notifications and its timeline (oldest first), or undefined. */
export async function alertDetail(alertId: number): Promise<AlertDetail | undefined> {
  // The tables under the names the statements give them.
  const [a, e, m, r, u] = [alias(alerts, "a"), alias(alertEvents, "e"), alias(monitors, "m"), alias(users, "r"), alias(users, "u")];
  const n = monitorNotifications;
  const found = await db().execute<{
    id: string;
    state: AlertState;
    categories: string[];
    is_test: boolean;
    deactivation: boolean;
    connection_id: string | null;
    monitor_id: string;
    country_code: string;
    company_id: string;
    company_name: string | null;
    case_reference: string | null;
    assignee_id: string | null;
    assignee_email: string | null;
    assignee_name: string | null;
    due_at: string;
    opened_at: string;
    last_notified_at: string;
    outcome: AlertOutcome | null;
    resolution_comment: string | null;
    resolved_at: string | null;
    resolved_by_label: string | null;
    change_request_id: string | null;
  }>(sql`
    select ${a}.*, ${u.email} as assignee_email, ${u.name} as assignee_name, coalesce(nullif(${r.name}, ''), ${r.email}) as resolved_by_label,
      ${m.caseReference}
    from ${alerts} ${a}
      left join ${users} ${u} on ${u.id} = ${a.assigneeId}
      left join ${users} ${r} on ${r.id} = ${a.resolvedBy}
      left join ${monitors} ${m} on ${m.connectionId} = ${a.connectionId} and ${m.monitorId} = ${a.monitorId}
    where ${a.id} = ${alertId}`);
  const alert = found.rows[0];
  if (!alert) return undefined;
  const [notifications, events] = await Promise.all([
    db().execute<{
      id: string;
      change_categories: string[];
      is_test: boolean;
      monitor_has_been_deactivated: boolean;
      notified_at: string;
      received_at: string;
    }>(sql`
      select ${n.id}, ${n.changeCategories}, ${n.isTest}, ${n.monitorHasBeenDeactivated}, ${n.notifiedAt}, ${n.receivedAt}
      from ${n} where ${n.alertId} = ${alertId} order by ${n.id}`),
    db().execute<{
      id: string;
      kind: AlertEventKind;
      actor_email: string | null;
      actor_name: string | null;
      at: string;
      details: Record<string, unknown>;
    }>(sql`
      select ${e.id}, ${e.kind}, ${e.actorEmail}, nullif(${u.name}, '') as actor_name, ${e.at}, ${e.details}
      from ${alertEvents} ${e} left join ${users} ${u} on ${u.id} = ${e.actorId}
      where ${e.alertId} = ${alertId} order by ${e.id}`),
  ]);
  const people = await displayNamesByEmail(events.rows.flatMap((event) => eventEmails(event.kind, event.details)));
  return {
    id: Number(alert.id),
    state: alert.state,
    categories: alert.categories,
    isTest: alert.is_test,
    deactivation: alert.deactivation,
    connectionId: alert.connection_id,
    monitorId: alert.monitor_id,
    countryCode: alert.country_code,
    companyId: alert.company_id,
    companyName: alert.company_name,
    caseReference: alert.case_reference,
    assignee: alert.assignee_id ? { id: alert.assignee_id, email: alert.assignee_email ?? "", name: alert.assignee_name ?? "" } : null,
    dueAt: asDate(alert.due_at),
    openedAt: asDate(alert.opened_at),
    lastNotifiedAt: asDate(alert.last_notified_at),
    outcome: alert.outcome,
    resolutionComment: alert.resolution_comment,
    resolvedAt: alert.resolved_at ? asDate(alert.resolved_at) : null,
    resolvedBy: alert.resolved_by_label,
    changeRequestId: alert.change_request_id,
    notifications: notifications.rows.map((notification) => ({
      id: Number(notification.id),
      categories: notification.change_categories,
      isTest: notification.is_test,
      deactivated: notification.monitor_has_been_deactivated,
      notifiedAt: notification.notified_at,
      receivedAt: asDate(notification.received_at),
    })),
    timeline: events.rows.map((event) => ({
      id: Number(event.id),
      kind: event.kind,
      actorEmail: event.actor_email,
      actorName: event.actor_name,
      at: asDate(event.at),
      details: event.details,
    })),
    people,
  };
}
