import { randomUUID } from "node:crypto";
import { expect, test, type Database, gotoInteractive } from "./fixtures";
import { markedLabel } from "../lib/vocabulary/words.shared";

/**
 * The home page per role: each card shows what needs doing for that role. Other specs share the database, so each
 * test arranges its own rows and looks for them, never for counts.
 */

const card = (page: import("@playwright/test").Page, title: string) => page.getByRole("region", { name: title });

async function defaultConnection(db: Database) {
  const [connection] = await db.query<{ id: string; name: string }>(
    "select id, name from registry_connections order by is_default desc limit 1",
  );
  return connection!;
}

test("a compliance officer sees their open alerts, overdue first, and the requests still running", async ({ page, db, signIn }) => {
  const officer = await db.createUser("compliance");
  const tag = randomUUID().slice(0, 8);
  const alert = (name: string, dueDays: number) =>
    db.query(
      `insert into alerts (monitor_id, country_code, company_id, company_name, categories, assignee_id, due_at)
       values ($1, 'DE', $2, $3, '["address"]', $4, now() + ($5 || ' days')::interval)`,
      [`mon_home_${randomUUID()}`, `HRB ${tag}`, name, officer.id, String(dueDays)],
    );
  await alert(`Due later ${tag}`, 3);
  await alert(`Overdue ${tag}`, -2);
  await db.query(
    `insert into company_requests (request_id, origin, ordered_by, country_code, company_id, company_name, complete)
     values ($1, 'console', $2, 'DE', $3, $4, false)`,
    [`req_home_${tag}`, officer.id, `HRB ${tag}`, `Running ${tag}`],
  );

  await signIn(officer);
  await gotoInteractive(page, "/");
  const alerts = card(page, "My open alerts");
  await expect(alerts.getByRole("listitem")).toHaveCount(2);
  await expect(alerts.getByRole("listitem").first()).toContainText(`Overdue ${tag}`);
  await expect(alerts.getByRole("listitem").first()).toContainText("2 days late");
  await expect(alerts.getByRole("listitem").nth(1)).toContainText(`Due later ${tag}`);
  await expect(card(page, "Requests still running")).toContainText(`Running ${tag}`);
  await expect(page.getByRole("region", { name: "Balance" })).toHaveCount(0); // finance's card, not theirs
});

test("an admin sees pending changes, failing connections, webhook rejections and locked-out users", async ({ page, db, signIn }) => {
  const admin = await db.createUser("admin");
  const locked = await db.createUser("compliance");
  const connection = await defaultConnection(db);
  const target = `home-ws-${randomUUID().slice(0, 8)}`;
  await db.query("insert into sign_in_locks (email, locked_until) values ($1, now() + interval '15 minutes')", [locked.email]);
  await db.query("insert into webhook_rejections (connection_id, reason) values ($1, 'signature')", [connection.id]);
  // The latest test of the connection failed (as Settings → Connections → Test records it).
  await db.query(
    `insert into audit_log (actor_email, action, target, details) values ('someone@e2e.test', 'connection.tested', $1, '{"latencyMs": 3, "code": "unauthorized", "status": 401}')`,
    [connection.name],
  );
  await db.query(
    `insert into pending_changes (kind, connection_id, target, details, reason, requested_by_email, expires_at)
     values ('workspace_delete', $1, $2, '{}', 'no longer used', 'someone@e2e.test', now() + interval '1 day')`,
    [connection.id, target],
  );

  await signIn(admin);
  await gotoInteractive(page, "/");
  await expect(card(page, "Pending changes")).toContainText(target);
  await expect(card(page, "Pending changes")).toContainText("someone@e2e.test");
  await expect(card(page, "Webhook rejections, last 24 hours")).toContainText(connection.name);
  await expect(card(page, "Users locked out")).toContainText(locked.email);
  await expect(card(page, "Connections needing attention")).toContainText(
    `${connection.name}: its latest test failed (unauthorized (HTTP 401))`,
  );
  await expect(card(page, "My open alerts")).toHaveCount(0);
});

test("an auditor sees the latest audit rows and their own export among the recent exports", async ({ page, db, signIn }) => {
  const auditor = await db.createUser("auditor");
  await signIn(auditor);
  expect((await page.request.get("/api/audit/export")).status()).toBe(200);
  // The card lists the log's eight newest rows. The other worker writes rows too (sign-ins, lockouts), so the card is
  // compared with the database's eight newest, read again after each render until the log held still between them.
  expect(await db.query("select 1 from audit_log where action = 'audit.exported' and actor_id = $1", [auditor.id])).toHaveLength(1);
  await expect
    .poll(
      async () => {
        await page.goto("/");
        const shown = await card(page, "Latest audit rows").getByRole("listitem").allTextContents();
        const newest = await db.query<{ action: string; actor_email: string }>(
          "select action, actor_email from audit_log order by at desc, id desc limit 8",
        );
        return (
          shown.length === newest.length &&
          shown.every((text, i) => text.includes(markedLabel("auditAction", newest[i]!.action)) && text.includes(newest[i]!.actor_email))
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(card(page, "Recent exports").getByRole("listitem").filter({ hasText: auditor.email })).toContainText("Audit log exported");
});

test("finance sees the balance, spend against tiers and recent billing events", async ({ page, asRole }) => {
  await asRole("finance");
  await gotoInteractive(page, "/");
  await expect(page.getByTestId("home-balance")).toHaveText(/^-?[\d,]+(\.\d+)? credits?$/);
  await expect(card(page, "Spend against high-usage tiers")).toBeVisible();
  await expect(card(page, "Recent billing events")).toBeVisible();
  await expect(card(page, "Spend against high-usage tiers").getByText("Reading…")).toHaveCount(0);
  await expect(card(page, "Pending changes")).toHaveCount(0);
});
