/** The alerts the inbox benches run on, written straight to the app's database. */
import type pg from "pg";

const alertsPerMonitor = 5;
const assigneesCount = 10;

/**
 * Per monitor, four resolved alerts and one open one (new or in review, as the unique open-alert index allows),
 * assigned round-robin to ten triagers ("Triager 0"…"Triager 9", compliance users) or to nobody; notification times
 * spread over 30 days. Answers the triagers' ids.
 */
export async function seedAlerts(database: pg.Client, connectionId: string, monitorsCount: number): Promise<string[]> {
  const assignees: string[] = [];
  for (let i = 0; i < assigneesCount; i++) {
    const { rows } = await database.query<{ id: string }>(
      "insert into users (email, name, role, password_hash) values ($1, $2, 'compliance', null) returning id",
      [`triager-${i}@registry-desk.test`, `Triager ${i}`],
    );
    assignees.push(rows[0]!.id);
  }
  await database.query(
    `insert into alerts (connection_id, monitor_id, country_code, company_id, company_name, state, categories, assignee_id, due_at,
       opened_at, last_notified_at, notification_count, outcome, resolution_comment, resolved_at)
     select $1, 'mon_bench_' || m, 'DE', 'HRB ' || m, 'Bench company ' || m,
       case when k < ${alertsPerMonitor - 1} then 'resolved' when m % 2 = 0 then 'new' else 'in_review' end,
       (array['["address"]', '["ownership"]', '["status", "financial"]'])[1 + (m + k) % 3]::jsonb,
       case when (m + k) % (${assigneesCount} + 1) = ${assigneesCount} then null else ($2::uuid[])[1 + (m + k) % (${assigneesCount} + 1)] end,
       t + interval '2 days', t, t, 1,
       case when k < ${alertsPerMonitor - 1} then 'no_impact' end, case when k < ${alertsPerMonitor - 1} then 'Bench.' end,
       case when k < ${alertsPerMonitor - 1} then t + interval '1 day' end
     from generate_series(1, ${monitorsCount}) m, generate_series(0, ${alertsPerMonitor - 1}) k,
       lateral (select now() - ((m * ${alertsPerMonitor} + k) % 43200) * interval '1 minute' - (${alertsPerMonitor - 1} - k) * interval '6 days' as t) times`,
    [connectionId, assignees],
  );
  await database.query("analyze alerts");
  return assignees;
}
