import "server-only";
import { sql } from "drizzle-orm";
import type { Transaction } from "@/db/client";
import { alertEvents, alertSlas } from "@/db/schema";
import { auditEach, type Actor } from "@/lib/audit/audit";
import { liveTopics } from "@/lib/live/topics.shared";
import type { RiskRating } from "./risk-model.shared";
import { riskMonitorId } from "@/lib/alerts/risk-monitor-id.shared";
import { slaDaysFor } from "@/lib/alerts/sla-defaults";

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
 * Companies' risk ratings went up: opens each one's risk alert (one per company, monitor id `risk:<country>:<id>`), or
 * joins the one still open, in the caller's transaction, with the same triage as a monitor's alert. Writes each
 * timeline event (`risk_increased`: from, to, score, model version, reasons) and audit row; returns the alerts and
 * the live topics to notify at commit. One statement each, however many rose (a model change raises thousands).
 */
export async function recordRiskIncreases(
  tx: Transaction,
  increases: readonly RiskIncrease[],
): Promise<{ alerts: { alertId: number; opened: boolean }[]; topics: string[] }> {
  if (!increases.length) return { alerts: [], topics: [] };
  const overrides = Object.fromEntries((await tx.select().from(alertSlas)).map((row) => [row.category, row.days]));
  const slaDays = slaDaysFor(categories, overrides);
  const values = increases.map((i) => ({
    connection_id: i.connectionId,
    monitor_id: riskMonitorId(i.countryCode, i.companyId),
    country_code: i.countryCode,
    company_id: i.companyId,
    company_name: i.companyName,
  }));
  const { rows } = await tx.execute<{ id: string; monitor_id: string; connection_id: string; opened: boolean }>(sql`
    insert into alerts (connection_id, monitor_id, country_code, company_id, company_name, categories, is_test, deactivation,
      notification_count, due_at)
    select v.connection_id, v.monitor_id, v.country_code, v.company_id, v.company_name, ${JSON.stringify(categories)}::jsonb, false, false, 1,
      now() + make_interval(days => ${slaDays})
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
      as v(connection_id uuid, monitor_id text, country_code text, company_id text, company_name text)
    order by v.connection_id, v.monitor_id
    on conflict (connection_id, monitor_id, is_test) where state <> 'resolved' do update set
      notification_count = alerts.notification_count + 1,
      company_name = coalesce(excluded.company_name, alerts.company_name),
      last_notified_at = now()
    returning id, monitor_id, connection_id, (xmax = 0) as opened`);
  const alertOf = new Map(rows.map((r) => [`${r.connection_id} ${r.monitor_id}`, { alertId: Number(r.id), opened: r.opened }]));
  const recorded = increases.map((i) => {
    const alert = alertOf.get(`${i.connectionId} ${riskMonitorId(i.countryCode, i.companyId)}`)!;
    const details = { from: i.from, to: i.to, score: i.score, modelVersion: i.modelVersion, reasons: i.reasons, opened: alert.opened };
    return { increase: i, alert, details };
  });
  await tx.insert(alertEvents).values(
    recorded.map(({ alert, details }) => ({
      alertId: alert.alertId,
      kind: "risk_increased" as const,
      actorEmail: riskActor.email,
      details,
    })),
  );
  await auditEach(
    riskActor,
    "alert.risk_increased",
    recorded.map(({ increase, alert, details }) => ({
      target: `alert ${alert.alertId}`,
      details: { connectionId: increase.connectionId, company: `${increase.countryCode} ${increase.companyId}`, ...details },
    })),
    tx,
  );
  const alerts = recorded.map((r) => r.alert);
  return { alerts, topics: [liveTopics.alerts, ...alerts.map((a) => liveTopics.alert(a.alertId))] };
}
