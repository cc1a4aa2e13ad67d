import "server-only";
import { sql } from "drizzle-orm";
import type { Transaction } from "@/db/client";
import { alertSlas } from "@/db/schema";
import { audit, type Actor } from "@/lib/audit/audit";
import { liveTopics } from "@/lib/live/topics";
import type { RiskRating } from "@/lib/risk/risk-model";
import { riskMonitorId } from "./risk-monitor-id";
import { slaDaysFor } from "./sla-defaults";

/** Who the timeline and the audit log name for a rating the re-rater raised. */
export const riskActor: Actor = { id: null, email: "risk model (re-rating)" };

export type RiskIncrease = {
  connectionId: string;
  countryCode: string;
  companyId: string;
  companyName: string | null;
  from: RiskRating;
  to: RiskRating;
  score: number;
  modelVersion: number;
  /** The new rating's reasons, as sentences, most points first. */
  reasons: string[];
};

const categories = ["risk"];

/**
 * A company's risk rating went up: opens its risk alert (one per company, monitor id `risk:<country>:<id>`), or
 * joins the one still open, in the caller's transaction, with the same triage as a monitor's alert. Writes the
 * timeline event (`risk_increased`: from, to, score, model version, reasons) and the audit row; returns the live
 * topics to notify at commit.
 */
export async function recordRiskIncrease(
  tx: Transaction,
  increase: RiskIncrease,
): Promise<{ alertId: number; opened: boolean; topics: string[] }> {
  const overrides = Object.fromEntries((await tx.select().from(alertSlas)).map((row) => [row.category, row.days]));
  const slaDays = slaDaysFor(categories, overrides);
  const alert = await tx.execute<{ id: string; opened: boolean }>(sql`
    insert into alerts (connection_id, monitor_id, country_code, company_id, company_name, categories, is_test, deactivation,
      notification_count, due_at)
    values (${increase.connectionId}, ${riskMonitorId(increase.countryCode, increase.companyId)}, ${increase.countryCode},
      ${increase.companyId}, ${increase.companyName}, ${JSON.stringify(categories)}::jsonb, false, false, 1,
      now() + make_interval(days => ${slaDays}))
    on conflict (connection_id, monitor_id, is_test) where state <> 'resolved' do update set
      notification_count = alerts.notification_count + 1,
      company_name = coalesce(excluded.company_name, alerts.company_name),
      last_notified_at = now()
    returning id, (xmax = 0) as opened`);
  const alertId = Number(alert.rows[0]!.id);
  const opened = alert.rows[0]!.opened;
  const details = {
    from: increase.from,
    to: increase.to,
    score: increase.score,
    modelVersion: increase.modelVersion,
    reasons: increase.reasons,
    opened,
  };
  await tx.execute(sql`
    insert into alert_events (alert_id, kind, actor_id, actor_email, details)
    values (${alertId}, 'risk_increased', null, ${riskActor.email}, ${JSON.stringify(details)}::jsonb)`);
  await audit(
    riskActor,
    "alert.risk_increased",
    `alert ${alertId}`,
    { connectionId: increase.connectionId, company: `${increase.countryCode} ${increase.companyId}`, ...details },
    tx,
  );
  return { alertId, opened, topics: [liveTopics.alerts, liveTopics.alert(alertId)] };
}
