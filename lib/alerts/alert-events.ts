import "server-only";
import type { Transaction } from "@/db/client";
import { alertEvents } from "@/db/schema";
import type { alertEventKinds } from "@/db/vocabulary";
import { audit, type Actor } from "@/lib/audit/audit";
import { publishLive } from "@/lib/live/publish";
import { liveTopics } from "@/lib/live/topics.shared";

export type AlertEventKind = (typeof alertEventKinds)[number];

/**
 * Writes one event of an alert's timeline, its audit row (`alert.<kind>`) and the live events for the inbox and
 * the alert's page, in the caller's transaction: all of it commits, or none.
 */
export async function recordAlertEvent(
  tx: Transaction,
  alertId: number,
  kind: AlertEventKind,
  actor: Actor,
  details: Record<string, unknown>,
): Promise<void> {
  await tx.insert(alertEvents).values({ alertId, kind, actorId: actor.id, actorEmail: actor.email, details });
  await audit(actor, `alert.${kind}`, `alert ${alertId}`, details, tx);
  await publishLive(tx, [liveTopics.alerts, liveTopics.alert(alertId)]);
}
