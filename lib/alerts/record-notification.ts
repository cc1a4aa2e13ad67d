import "server-only";
import { sql } from "drizzle-orm";
import type { Transaction } from "@/db/client";
import { alertSlas } from "@/db/schema";
import { audit, type Actor } from "@/lib/audit/audit";
import { liveTopics } from "@/lib/live/topics";
import type { MonitorNotificationEvent } from "@/lib/registry/schemas";
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
  const test = await tx.execute<{ id: string }>(sql`
    select id from monitor_test_requests
    where connection_id = ${connectionId} and monitor_id = ${event.monitorId} and notification_id is null and failure is null
      and deactivation = ${event.monitorHasBeenDeactivated}
      and categories @> ${JSON.stringify(categories)}::jsonb and categories <@ ${JSON.stringify(categories)}::jsonb
      and requested_at > now() - make_interval(mins => ${testMatchWindowMinutes})
    order by requested_at limit 1 for update skip locked`);
  const testRequestId = test.rows[0]?.id;
  const isTest = testRequestId !== undefined;

  const overrides = Object.fromEntries((await tx.select().from(alertSlas)).map((row) => [row.category, row.days]));
  const slaDays = slaDaysFor(categories, overrides);
  const companyName = await tx.execute<{ company_name: string | null }>(sql`
    select company_name from monitors where connection_id = ${connectionId} and monitor_id = ${event.monitorId}`);

  const alert = await tx.execute<{ id: string; opened: boolean }>(sql`
    insert into alerts (connection_id, monitor_id, country_code, company_id, company_name, categories, is_test, deactivation,
      notification_count, due_at)
    values (${connectionId}, ${event.monitorId}, ${event.countryCode}, ${event.companyId}, ${companyName.rows[0]?.company_name ?? null},
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

  const notification = await tx.execute<{ id: string }>(sql`
    insert into monitor_notifications (alert_id, connection_id, message_id, monitor_id, company_id, country_code, change_categories,
      metadata, monitor_has_been_deactivated, is_test, notified_at)
    values (${alertId}, ${connectionId}, ${messageId}, ${event.monitorId}, ${event.companyId}, ${event.countryCode},
      ${JSON.stringify(event.changeCategories)}::jsonb, ${event.metadata ? JSON.stringify(event.metadata) : null}::jsonb,
      ${event.monitorHasBeenDeactivated}, ${isTest}, ${event.timestamp})
    returning id`);
  const notificationId = Number(notification.rows[0]!.id);
  if (testRequestId)
    await tx.execute(sql`update monitor_test_requests set notification_id = ${notificationId} where id = ${testRequestId}`);

  const details = { messageId, categories: event.changeCategories, test: isTest, deactivation, opened };
  await tx.execute(sql`
    insert into alert_events (alert_id, kind, actor_id, actor_email, details)
    values (${alertId}, 'notification_received', null, ${registryActor.email}, ${JSON.stringify(details)}::jsonb)`);
  await audit(registryActor, "alert.notification_received", `alert ${alertId}`, { monitorId: event.monitorId, ...details }, tx);
  // A test's deactivation variant leaves the monitor as it is, as the registry does.
  if (deactivation && !isTest) {
    await tx.execute(sql`
      update monitors set deactivated_at = coalesce(deactivated_at, now()),
        deactivation_reason = ${event.changeCategories.includes("disappeared") ? "The company is no longer found in the register." : "The registry deactivated this monitor."}
      where connection_id = ${connectionId} and monitor_id = ${event.monitorId}`);
  }
  return {
    recorded: { alertId, notificationId, opened, isTest },
    topics: [liveTopics.alerts, liveTopics.alert(alertId)],
  };
}
