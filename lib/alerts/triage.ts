import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { db, type Transaction } from "@/db/client";
import { alerts, users } from "@/db/schema";
import type { Actor } from "@/lib/audit/audit";
import { capabilities } from "@/lib/auth/capabilities.shared";
import { recordAlertEvent } from "./alert-events";
import { alertOutcomeLabels, alertStateLabels, type AlertOutcome, type AlertState } from "./labels.shared";
import { assignmentRefusal, transitionRefusal } from "./transitions.shared";

export type TriageRefusal = { id: number; error: string };

/** What a (bulk) change did: the alerts it changed, and each refused one with why. */
export type TriageOutcome = { changed: number[]; refused: TriageRefusal[] };

type LockedAlert = {
  id: string;
  state: AlertState;
  assignee_id: string | null;
  connection_id: string | null;
  country_code: string;
  company_id: string;
  change_request_id: string | null;
};

const notFound = "No such alert.";

async function lockAlert(tx: Transaction, alertId: number): Promise<LockedAlert | undefined> {
  const result = await tx.execute<LockedAlert>(sql`
    select ${alerts.id}, ${alerts.state}, ${alerts.assigneeId}, ${alerts.connectionId}, ${alerts.countryCode}, ${alerts.companyId},
      ${alerts.changeRequestId}
    from ${alerts} where ${alerts.id} = ${alertId} for update`);
  return result.rows[0];
}

/**
 * Runs `change` on each alert in its own transaction (the alert row locked), so a refused alert is reported and the
 * others go through. `change` returns why it refuses, or undefined once it has written its change and events.
 */
async function eachAlert(
  alertIds: readonly number[],
  change: (tx: Transaction, alert: LockedAlert) => Promise<string | undefined>,
): Promise<TriageOutcome> {
  const outcome: TriageOutcome = { changed: [], refused: [] };
  for (const id of new Set(alertIds)) {
    const error = await db().transaction(async (tx) => {
      const alert = await lockAlert(tx, id);
      return alert ? change(tx, alert) : notFound;
    });
    if (error) outcome.refused.push({ id, error });
    else outcome.changed.push(id);
  }
  return outcome;
}

/** The users an alert may be assigned to: active users whose role may triage alerts. */
export async function assignableUsers(): Promise<{ id: string; email: string; name: string }[]> {
  const roles = capabilities.triageAlerts.roles;
  return db()
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.active, true), inArray(users.role, roles)))
    .orderBy(users.email);
}

/** Assigns the alerts to `assigneeId` (null: unassigns), who must be an active user allowed to triage. */
export async function assignAlerts(actor: Actor, alertIds: readonly number[], assigneeId: string | null): Promise<TriageOutcome> {
  let assignee: { id: string; email: string } | null = null;
  if (assigneeId !== null) {
    assignee = (await assignableUsers()).find((u) => u.id === assigneeId) ?? null;
    if (!assignee) {
      const error = "Alerts can be assigned only to an active compliance or admin user.";
      return { changed: [], refused: [...new Set(alertIds)].map((id) => ({ id, error })) };
    }
  }
  return eachAlert(alertIds, async (tx, alert) => {
    const refusal = assignmentRefusal(alert.state);
    if (refusal) return refusal;
    if (alert.assignee_id === (assignee?.id ?? null)) return undefined;
    const previous = alert.assignee_id
      ? (await tx.select({ email: users.email }).from(users).where(eq(users.id, alert.assignee_id)))[0]?.email
      : undefined;
    await tx
      .update(alerts)
      .set({ assigneeId: assignee?.id ?? null })
      .where(eq(alerts.id, Number(alert.id)));
    await recordAlertEvent(tx, Number(alert.id), "assigned", actor, {
      from: previous ?? null,
      to: assignee?.email ?? null,
      toId: assignee?.id ?? null,
    });
    return undefined;
  });
}

/** Moves the alerts from new to in review. */
export async function moveAlertsToReview(actor: Actor, alertIds: readonly number[]): Promise<TriageOutcome> {
  return eachAlert(alertIds, async (tx, alert) => {
    const refusal = transitionRefusal(alert.state, "in_review");
    if (refusal) return refusal;
    await tx
      .update(alerts)
      .set({ state: "in_review" })
      .where(eq(alerts.id, Number(alert.id)));
    await recordAlertEvent(tx, Number(alert.id), "state_changed", actor, {
      from: alert.state,
      to: "in_review",
      summary: `${alertStateLabels[alert.state]} → ${alertStateLabels.in_review}`,
    });
    return undefined;
  });
}

/**
 * Resolves the alerts with one outcome and comment. An alert whose "See what changed" re-retrieval is stored
 * makes that snapshot (at its current version) the company's reviewed baseline, in the same transaction.
 */
export async function resolveAlerts(
  actor: Actor,
  alertIds: readonly number[],
  resolution: { outcome: AlertOutcome; comment: string },
): Promise<TriageOutcome> {
  return eachAlert(alertIds, async (tx, alert) => {
    const refusal = transitionRefusal(alert.state, "resolved");
    if (refusal) return refusal;
    await tx
      .update(alerts)
      .set({
        state: "resolved",
        outcome: resolution.outcome,
        resolutionComment: resolution.comment,
        resolvedAt: sql`now()`,
        resolvedBy: actor.id,
      })
      .where(eq(alerts.id, Number(alert.id)));
    const baseline = await markReviewedBaseline(tx, alert, actor);
    await recordAlertEvent(tx, Number(alert.id), "state_changed", actor, {
      from: alert.state,
      to: "resolved",
      summary: `${alertStateLabels[alert.state]} → ${alertStateLabels.resolved}: ${alertOutcomeLabels[resolution.outcome]}`,
      outcome: resolution.outcome,
      comment: resolution.comment,
      ...(baseline && { baseline }),
    });
    return undefined;
  });
}

/** Upserts the company's reviewed baseline from the alert's re-retrieved request; what it marked, if anything. */
async function markReviewedBaseline(
  tx: Transaction,
  alert: LockedAlert,
  actor: Actor,
): Promise<{ requestId: string; version: number } | undefined> {
  if (!alert.change_request_id || !alert.connection_id) return undefined;
  const result = await tx.execute<{ request_id: string; version: string }>(sql`
    insert into reviewed_baselines (connection_id, country_code, company_id, request_id, version, alert_id, reviewed_by, reviewed_at)
    select ${alert.connection_id}, ${alert.country_code}, ${alert.company_id}, r.request_id, r.version, ${alert.id}, ${actor.id}, now()
    from company_requests r where r.request_id = ${alert.change_request_id}
    on conflict (connection_id, country_code, company_id) do update set
      request_id = excluded.request_id, version = excluded.version, alert_id = excluded.alert_id,
      reviewed_by = excluded.reviewed_by, reviewed_at = excluded.reviewed_at
    returning request_id, version`);
  const row = result.rows[0];
  return row && { requestId: row.request_id, version: Number(row.version) };
}

/** Adds a comment to an alert's timeline (any state: a note after resolution is part of the record). */
export async function commentOnAlert(actor: Actor, alertId: number, comment: string): Promise<TriageOutcome> {
  return eachAlert([alertId], async (tx, alert) => {
    await recordAlertEvent(tx, Number(alert.id), "commented", actor, { comment });
    return undefined;
  });
}

/** One change to one alert, as the alert's page asks for it. */
export type AlertChange =
  | { kind: "assign"; assigneeId: string | null }
  | { kind: "review" }
  | { kind: "resolve"; outcome: AlertOutcome; comment: string }
  | { kind: "comment"; comment: string };

/** Applies one change to one alert; undefined once done, or why it was refused. */
export async function changeAlert(actor: Actor, alertId: number, change: AlertChange): Promise<string | undefined> {
  const outcome =
    change.kind === "assign"
      ? await assignAlerts(actor, [alertId], change.assigneeId)
      : change.kind === "review"
        ? await moveAlertsToReview(actor, [alertId])
        : change.kind === "resolve"
          ? await resolveAlerts(actor, [alertId], change)
          : await commentOnAlert(actor, alertId, change.comment);
  return outcome.refused[0]?.error;
}
