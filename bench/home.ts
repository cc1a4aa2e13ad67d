/**
 * Home page figures, on a production build with embedded Postgres and the simulator, one line per role:
 *   - GET / signed in as each role, time until the last byte (every card streamed in), p50 of 30   goal ≤ 200 ms
 * The database holds what the cards read, at a working size: 2,000 alerts (200 open ones assigned to the officer),
 * 1,000 dossiers of about 39 KB each with their company files and filing dates around today (50 requests still running), 20 pending changes,
 * 5,000 audit rows (500 of them exports), 100 webhook rejections and 10 locked-out users.
 * Run: npm run bench:home   (builds first if the build is stale)
 */
import type pg from "pg";
import { hashPassword } from "../lib/auth/password";
import type { Role } from "../lib/auth/roles.shared";
import { runBench, withBenchApp } from "./bench-app";
import { fullResponseMs } from "./full-response-ms";
import { percentile } from "./percentile";
import { signInCookie } from "./sign-in-session";

const warmUps = 3;
const rounds = 30;
const roles: Role[] = ["compliance", "finance", "admin", "auditor"];
const password = "bench-home-password-123";

async function seed(database: pg.Client, connectionId: string, officerId: string) {
  await database.query(
    `insert into alerts (connection_id, monitor_id, country_code, company_id, company_name, state, categories, assignee_id, due_at, resolved_at, outcome)
     select $1, 'mon_home_' || n, 'DE', 'HRB ' || n, 'Home bench ' || n,
       case when n <= 200 then 'new' else 'resolved' end, '["address"]',
       case when n <= 200 or n % 3 = 0 then $2::uuid end,
       now() + ((n % 20) - 10) * interval '1 day',
       case when n > 200 then now() end, case when n > 200 then 'no_impact' end
     from generate_series(1, 2000) n`,
    [connectionId, officerId],
  );
  // 1,000 dossiers of about 39 KB each (a typical company's snapshot), with their filing dates around today.
  await database.query(
    `insert into company_requests (request_id, connection_id, origin, ordered_by, country_code, company_id, company_name, complete, data_status,
       snapshot, filings)
     select 'req_home_' || n, $1, 'console', $2, 'DE', 'HRB ' || n, 'Home bench ' || n, n > 50,
       '{"dataPoints": {"companyProfile": {"status": "completed", "cost": 1}, "shareholders": {"status": "in_progress"}}}'::jsonb,
       json_build_object('request', json_build_object('requestId', 'req_home_' || n, 'metadata', json_build_object('caseReference', 'CASE-' || n)),
         'company', json_build_object('legalName', 'Home bench ' || n, 'statutoryFilings', filings, 'officers', repeat('x', 39000))),
       jsonb_build_object('legalName', 'Home bench ' || n, 'statutoryFilings', filings, 'complianceFlags', null, 'caseReference', 'CASE-' || n)
     from generate_series(1, 1000) n,
       lateral (select jsonb_build_object('accounts', jsonb_build_object('next', jsonb_build_object('dueDate', (current_date + (n % 90 - 30))::text)))
         as filings) f`,
    [connectionId, officerId],
  );
  // Their company files, which the deadlines card reads (each file's filings from its request).
  await database.query(
    `insert into company_files (connection_id, country_code, company_id, company_name, filings, latest_request_id)
     select connection_id, country_code, company_id, company_name,
       filings || jsonb_build_object('source', jsonb_build_object('requestId', request_id, 'version', 1, 'asOf', now()::text)), request_id
     from company_requests where request_id like 'req_home_%'`,
  );
  await database.query(
    `insert into pending_changes (kind, connection_id, target, details, reason, requested_by_email, expires_at)
     select 'workspace_delete', $1, 'bench-ws-' || n, '{}', 'bench', 'someone@registry-desk.test', now() + interval '1 day'
     from generate_series(1, 20) n`,
    [connectionId],
  );
  await database.query(
    `insert into audit_log (actor_email, action, target, details, at)
     select 'bench-' || (n % 10) || '@registry-desk.test', case when n % 10 = 0 then 'requests.exported' else 'search.performed' end,
       'target ' || n, '{}', now() - n * interval '1 minute'
     from generate_series(1, 5000) n`,
  );
  await database.query(
    `insert into webhook_rejections (connection_id, reason, at) select $1, 'signature', now() - n * interval '5 minutes' from generate_series(1, 100) n`,
    [connectionId],
  );
  await database.query(
    `insert into users (email, name, role, password_hash) select 'locked-' || n || '@registry-desk.test', 'Locked ' || n, 'compliance', null
     from generate_series(1, 10) n`,
  );
  await database.query(
    `insert into sign_in_locks (email, locked_until) select 'locked-' || n || '@registry-desk.test', now() + interval '1 hour' from generate_series(1, 10) n`,
  );
  await database.query("analyze");
}

async function main() {
  await withBenchApp(async ({ origin, database, simulatorConnectionId }) => {
    const hash = await hashPassword(password);
    const ids = new Map<Role, string>();
    for (const role of roles) {
      const { rows } = await database.query<{ id: string }>(
        "insert into users (email, name, role, password_hash) values ($1, $2, $3, $4) returning id",
        [`home-${role}@registry-desk.test`, `Home ${role}`, role, hash],
      );
      ids.set(role, rows[0]!.id);
    }
    await seed(database, await simulatorConnectionId(), ids.get("compliance")!);
    for (const role of roles) {
      const cookie = await signInCookie(origin, `home-${role}@registry-desk.test`, password);
      for (let i = 0; i < warmUps; i++) await fullResponseMs(`${origin}/`, cookie);
      const times: number[] = [];
      for (let i = 0; i < rounds; i++) times.push(await fullResponseMs(`${origin}/`, cookie));
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      console.log(
        `home server time as ${role} (every card streamed in): p50 ${p50.toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms ` +
          `over ${rounds} (goal p50 ≤ 200 ms) ${p50 <= 200 ? "OK" : "OVER"}`,
      );
    }
  });
}

runBench(main);
