import "server-only";
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { monitorNotifications, monitorTestRequests } from "@/db/schema";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/require-role";
import type { Registry } from "@/lib/connections/registry-for";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import type { ChangeCategory, MonitorNotificationEvent } from "@/lib/registry/schemas.shared";

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
  const [recorded] = await db()
    .insert(monitorTestRequests)
    .values({
      connectionId: connection.id,
      monitorId,
      categories,
      deactivation: request.deactivation,
      requestedBy: user.id,
      requestedByEmail: user.email,
    })
    .returning({ id: monitorTestRequests.id });
  const testRequestId = recorded!.id;
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
      await tx.update(monitorTestRequests).set({ failure }).where(eq(monitorTestRequests.id, testRequestId));
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
  const [n, t] = [alias(monitorNotifications, "n"), alias(monitorTestRequests, "t")];
  const rows = await db().execute<{
    id: string;
    categories: string[];
    deactivation: boolean;
    requested_by_email: string;
    requested_at: Date;
    alert_id: string | null;
    failure: { code: string; message: string } | null;
  }>(sql`
    select ${t.id}, ${t.categories}, ${t.deactivation}, ${t.requestedByEmail}, ${t.requestedAt}, ${n.alertId}, ${t.failure}
    from ${monitorTestRequests} ${t} left join ${monitorNotifications} ${n} on ${n.id} = ${t.notificationId}
    where ${t.connectionId} = ${connectionId} and ${t.monitorId} = ${monitorId}
    order by ${t.requestedAt} desc limit ${limit}`);
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
