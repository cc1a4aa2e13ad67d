import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/require-role";
import type { Registry } from "@/lib/connections/registry-for";
import { RegistryError } from "@/lib/registry/registry-error";
import type { ChangeCategory, MonitorNotificationEvent } from "@/lib/registry/schemas";

export type TestNotificationRequest = { categories: ChangeCategory[]; deactivation: boolean };

/** A test notification this console asked for, as the monitor page lists them. */
export type TestRequestView = {
  id: string;
  categories: string[];
  deactivation: boolean;
  requestedByEmail: string;
  requestedAt: Date;
  /** The alert its notification joined, once received. */
  alertId: number | undefined;
  failure: { code: string; message: string } | undefined;
};

/**
 * Asks the registry for a test notification. The request is recorded (committed) BEFORE the call: the notification
 * is indistinguishable from a real one and may arrive before the call returns, and receipt
 * (lib/alerts/record-notification.ts) recognises it by this record and marks its alert test. A refusal is stored
 * on the record and thrown as RegistryError; audited either way.
 */
export async function requestTestNotification(
  user: SessionUser,
  registry: Registry,
  monitorId: string,
  request: TestNotificationRequest,
): Promise<{ testRequestId: string; notification: MonitorNotificationEvent }> {
  const { client, connection } = registry;
  const categories = [...new Set(request.categories)];
  const recorded = await db().execute<{ id: string }>(sql`
    insert into monitor_test_requests (connection_id, monitor_id, categories, deactivation, requested_by, requested_by_email)
    values (${connection.id}, ${monitorId}, ${JSON.stringify(categories)}::jsonb, ${request.deactivation}, ${user.id}, ${user.email})
    returning id`);
  const testRequestId = recorded.rows[0]!.id;
  const details = { monitorId, connectionId: connection.id, testRequestId, categories, deactivation: request.deactivation };
  try {
    // The deactivation variant's field is not documented; the payload the registry delivers carries it under this name.
    const notification = await client.testNotification(monitorId, {
      changeCategories: categories,
      ...(request.deactivation && { monitorHasBeenDeactivated: true }),
    });
    await audit(user, "monitor.test_requested", `monitor ${monitorId}`, { ...details, outcome: "sent" });
    return { testRequestId, notification };
  } catch (error) {
    const failure =
      error instanceof RegistryError
        ? { code: error.code, message: error.message, status: error.status }
        : { code: "internal_error", message: String(error) };
    await db().transaction(async (tx) => {
      await tx.execute(sql`update monitor_test_requests set failure = ${JSON.stringify(failure)}::jsonb where id = ${testRequestId}`);
      await audit(
        user,
        "monitor.test_requested",
        `monitor ${monitorId}`,
        { ...details, outcome: "refused", code: failure.code, message: failure.message },
        tx,
      );
    });
    throw error;
  }
}

/** The newest test notifications asked for on this monitor, with the alert each produced or why it was refused. */
export async function recentTestRequests(connectionId: string, monitorId: string, limit = 10): Promise<TestRequestView[]> {
  const rows = await db().execute<{
    id: string;
    categories: string[];
    deactivation: boolean;
    requested_by_email: string;
    requested_at: Date;
    alert_id: string | null;
    failure: { code: string; message: string } | null;
  }>(sql`
    select t.id, t.categories, t.deactivation, t.requested_by_email, t.requested_at, n.alert_id, t.failure
    from monitor_test_requests t left join monitor_notifications n on n.id = t.notification_id
    where t.connection_id = ${connectionId} and t.monitor_id = ${monitorId}
    order by t.requested_at desc limit ${limit}`);
  return rows.rows.map((row) => ({
    id: row.id,
    categories: row.categories,
    deactivation: row.deactivation,
    requestedByEmail: row.requested_by_email,
    requestedAt: new Date(row.requested_at),
    alertId: row.alert_id === null ? undefined : Number(row.alert_id),
    failure: row.failure ?? undefined,
  }));
}
