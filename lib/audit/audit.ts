import "server-only";
import { db, type Database } from "@/db/client";
import { auditLog } from "@/db/schema";

/** Who did it: a signed-in user, or a name for the system or an anonymous caller (e.g. the email typed at sign-in). */
export type Actor = { id: string | null; email: string };

export const systemActor: Actor = { id: null, email: "system" };

/** Every action name the console writes, so the Audit page can offer them as a filter. */
export const auditActions = [
  "auth.sign_in",
  "auth.sign_out",
  "auth.sign_in_failed",
  "auth.lockout",
  "auth.password_changed",
  "auth.sso_refused",
  "auth.address_throttled",
  "auth.unlocked",
  "user.created",
  "user.role_changed",
  "user.password_reset",
  "user.deactivated",
  "user.reactivated",
  "user.sso_linked",
  "audit.exported",
  "connection.created",
  "connection.updated",
  "connection.deleted",
  "connection.tested",
  "encryption_key.rotated",
  "search.performed",
  "company.ordered",
  "company.graph_expanded",
  "company.graph_refreshed",
  "company.order_reconciled",
  "company.order_intent_unknown",
  "document.downloaded",
  "monitor.started",
  "monitor.metadata_updated",
  "monitor.stopped",
  "monitor.test_requested",
  "monitors.imported",
  "monitors.exported",
  "alert.notification_received",
  "alert.assigned",
  "alert.state_changed",
  "alert.commented",
  "alert.reretrieval_ordered",
  "alert.diff_reviewed",
  "alert.risk_increased",
  "alert.sla_changed",
  "billing.account_config_changed",
  "billing.override_saved",
  "billing.override_removed",
  "pricing.exported",
  "workspace.created",
  "workspace.legal_name_changed",
  "workspace.ubo_access_changed",
  "workspace.deleted",
  "vault.credentials_stored",
  "sandbox.wallet_set",
  "sandbox.reset",
  "sandbox.company_saved",
  "sandbox.clock_advanced",
  "sandbox.chaos_changed",
  "vault.credentials_replaced",
  "dual_control.requested",
  "dual_control.approved",
  "dual_control.rejected",
  "dual_control.expired",
  "dual_control.failed",
  /** An admin tried to approve a change they may not (their role or password changed after it was asked for). */
  "dual_control.approval_refused",
  "dual_control.setting_changed",
  "evidence.exported",
  "requests.exported",
  "alerts.exported",
  "billing.events_exported",
  "calendar.exported",
  "calendar.feed_created",
  "calendar.feed_revoked",
  "portfolio.exported",
  "portfolio.customer_changed",
  "portfolio.owner_changed",
  "risk.model_published",
  "risk.rating_pinned",
  "risk.rating_unpinned",
  "review.completed",
  "review.policy_changed",
  "batch.created",
  "batch.row_resolved",
  "batch.confirmed",
  "batch.cancelled",
  "batch.exported",
  "batch.pace_changed",
  "job.retried",
  "job.cancelled",
] as const;
export type AuditAction = (typeof auditActions)[number];

type Executor = Pick<Database, "insert">;

/**
 * Writes one audit row. Pass the transaction when the audited change runs in one,
 * so the row and the change commit (or roll back) together.
 */
export async function audit(
  actor: Actor,
  action: AuditAction,
  target: string | null,
  details: Record<string, unknown> = {},
  executor: Executor = db(),
): Promise<void> {
  await executor.insert(auditLog).values({ actorId: actor.id, actorEmail: actor.email, action, target, details });
}

/** Writes one audit row per entry, in one statement (the same action by the same actor on many targets). */
export async function auditEach(
  actor: Actor,
  action: AuditAction,
  entries: readonly { target: string | null; details: Record<string, unknown> }[],
  executor: Executor = db(),
): Promise<void> {
  if (!entries.length) return;
  await executor
    .insert(auditLog)
    .values(entries.map(({ target, details }) => ({ actorId: actor.id, actorEmail: actor.email, action, target, details })));
}
