import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "@/db/client";
import { alertEvents, alertSlas, monitorNotifications, monitorTestRequests, monitors } from "@/db/schema";
import { audit, type Actor } from "@/lib/audit/audit";
import { liveTopics } from "@/lib/live/topics.shared";
import type { MonitorNotificationEvent } from "@/lib/registry/schemas.shared";
import { slaDaysFor } from "./sla-defaults";

/** Who the timeline and the audit log name for what the registry itself caused. */
export const registryActor: Actor = { id: null, email: "registry (webhook)" };

/** A test notification is matched to the console's request for it within this window. */
const testMatchWindowMinutes = 30;

export type RecordedNotification = { alertId: number; notificationId: number; opened: boolean; isTest: boolean };

/** Whether a notification says its monitor is gone: deactivated, or the company no longer in the register. */
export function isDeactivation(event: Pick<MonitorNotificationEvent, "monitorHasBeenDeactivated" | "changeCategories">): boolean {
  return event.monitorHasBeenDeactivated || event.changeCategories.includes("disappeared");
}

/**
 * Files one verified `monitor.notification` (already claimed in the ledger) into its alert, in the caller's
 * transaction: the open alert of its monitor (one for real notifications, one for test ones), or a new alert
 * when none is open, so nothing folds into a resolved case. A notification matching a test this console asked
 * for is marked test. Writes the timeline event and the audit row, marks a deactivated monitor, and returns the
 * live topics to notify at commit.
 */
export async function recordMonitorNotification(
  tx: Transaction,
  connectionId: string,
  messageId: string,
  event: MonitorNotificationEvent,
): Promise<{ recorded: RecordedNotification; topics: string[] }> {
  const categories = [...new Set(event.changeCategories)];
  const deactivation = isDeactivation(event);
  const t = monitorTestRequests;
  const test = await tx.execute<{ id: string }>(sql`
    select ${t.id} from ${t}
    where ${t.connectionId} = ${connectionId} and ${t.monitorId} = ${event.monitorId} and ${t.notificationId} is null and ${t.failure} is null
      and ${t.deactivation} = ${event.monitorHasBeenDeactivated}
      and ${t.categories} @> ${JSON.stringify(categories)}::jsonb and ${t.categories} <@ ${JSON.stringify(categories)}::jsonb
      and ${t.requestedAt} > now() - make_interval(mins => ${testMatchWindowMinutes})
    order by ${t.requestedAt} limit 1 for update skip locked`);
  const testRequestId = test.rows[0]?.id;
  const isTest = testRequestId !== undefined;

  const overrides = Object.fromEntries((await tx.select().from(alertSlas)).map((row) => [row.category, row.days]));
  const slaDays = slaDaysFor(categories, overrides);
  const [monitor] = await tx
    .select({ companyName: monitors.companyName })
    .from(monitors)
    .where(and(eq(monitors.connectionId, connectionId), eq(monitors.monitorId, event.monitorId)));

  const alert = await tx.execute<{ id: string; opened: boolean }>(sql`
    insert into alerts (connection_id, monitor_id, country_code, company_id, company_name, categories, is_test, deactivation,
      notification_count, due_at)
    values (${connectionId}, ${event.monitorId}, ${event.countryCode}, ${event.companyId}, ${monitor?.companyName ?? null},
      ${JSON.stringify(categories)}::jsonb, ${isTest}, ${deactivation}, 1, now() + make_interval(days => ${slaDays}))
    on conflict (connection_id, monitor_id, is_test) where state <> 'resolved' do update set
      categories = alerts.categories || coalesce((select jsonb_agg(c) from jsonb_array_elements(excluded.categories) c
        where not alerts.categories @> jsonb_build_array(c)), '[]'::jsonb),
      deactivation = alerts.deactivation or excluded.deactivation,
      notification_count = alerts.notification_count + 1,
      last_notified_at = now(),
      due_at = least(alerts.due_at, alerts.opened_at + make_interval(days => ${slaDays}))
    returning id, (xmax = 0) as opened`);
  const alertId = Number(alert.rows[0]!.id);
  const opened = alert.rows[0]!.opened;

  const [notification] = await tx
    .insert(monitorNotifications)
    .values({
      alertId,
      connectionId,
      messageId,
      monitorId: event.monitorId,
      companyId: event.companyId,
      countryCode: event.countryCode,
      changeCategories: event.changeCategories,
      metadata: event.metadata ?? null,
      monitorHasBeenDeactivated: event.monitorHasBeenDeactivated,
      isTest,
      notifiedAt: event.timestamp,
    })
    .returning({ id: monitorNotifications.id });
  const notificationId = notification!.id;
  if (testRequestId) await tx.update(monitorTestRequests).set({ notificationId }).where(eq(monitorTestRequests.id, testRequestId));

  const details = { messageId, categories: event.changeCategories, test: isTest, deactivation, opened };
  await tx.insert(alertEvents).values({ alertId, kind: "notification_received", actorId: null, actorEmail: registryActor.email, details });
  await audit(registryActor, "alert.notification_received", `alert ${alertId}`, { monitorId: event.monitorId, ...details }, tx);
  // A test's deactivation variant leaves the monitor as it is, as the registry does.
  if (deactivation && !isTest) {
    await tx
      .update(monitors)
      .set({
        deactivatedAt: sql`coalesce(${monitors.deactivatedAt}, now())`,
        deactivationReason: event.changeCategories.includes("disappeared")
          ? "The company is no longer found in the register."
          : "The registry deactivated this monitor.",
      })
      .where(and(eq(monitors.connectionId, connectionId), eq(monitors.monitorId, event.monitorId)));
  }
  return {
    recorded: { alertId, notificationId, opened, isTest },
    topics: [liveTopics.alerts, liveTopics.alert(alertId)],
  };
}
