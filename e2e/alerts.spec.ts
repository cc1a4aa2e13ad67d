import { randomUUID } from "node:crypto";
import { expect, postServerAction, serverAction, test, gotoInteractive } from "./fixtures";
import { postMonitorNotification } from "./monitor-notification";

const uid = () => randomUUID().slice(0, 8);

test("a notification appears live in an open inbox, and is assigned, commented, reviewed and resolved with a timeline and audit rows", async ({
  page,
  db,
  signIn,
}) => {
  const officer = await db.createUser("compliance");
  await signIn(officer);
  const monitorId = `mon_e2e_${uid()}`;
  await page.goto(`/alerts?monitor=${monitorId}`);
  await expect(page.getByRole("status").filter({ hasText: "No alerts match these filters" })).toBeVisible();
  await expect(page.locator("[data-live-status]")).toHaveAttribute("data-live-status", "open");

  await postMonitorNotification(db, { monitorId, companyId: `HRB ${uid()}`, categories: ["address"] });
  const row = page.locator("tr[data-alert-id]");
  await expect(row).toHaveCount(1); // live: no reload
  await expect(row).toContainText("Address");
  await expect(row).toContainText("Unassigned");
  const alertId = await row.getAttribute("data-alert-id");

  await row.getByRole("link").click();
  await expect(page).toHaveURL(`/alerts/${alertId}`);
  await expect(page.getByRole("link", { name: "See what changed" })).toHaveAttribute("href", `/alerts/${alertId}/changes`);
  await expect(page.getByRole("link", { name: monitorId })).toHaveAttribute("href", `/monitors/${monitorId}`);

  await page.getByRole("button", { name: "Assign to me" }).click();
  const timeline = page.getByTestId("alert-timeline");
  // People are named by their display name, the one assigned to as well as the one who assigned.
  await expect(timeline).toContainText("Assigned to E2E compliance by E2E compliance");
  await expect(page.getByTestId("alert-assignee")).toHaveText("E2E compliance");
  await expect(page.getByTestId("open-alerts-count").first()).toHaveText("1");

  const form = page.getByRole("form", { name: "Comment" });
  await form.getByLabel("Comment", { exact: true }).fill("Checking the new address.");
  await form.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(timeline).toContainText("Commented by E2E compliance");
  await expect(timeline).toContainText("Checking the new address.");
  await expect(form.getByLabel("Comment", { exact: true })).toHaveValue("");

  await page.getByRole("button", { name: "Move to in review" }).click();
  await expect(timeline).toContainText("New → In review by E2E compliance");

  // Resolving without an outcome is refused on the page, in words, and sends nothing.
  await form.getByLabel("Comment", { exact: true }).fill("Registered office moved; risk unchanged.");
  await form.getByRole("button", { name: "Comment & resolve" }).click();
  await expect(form.getByRole("alert")).toHaveText("Choose an outcome to resolve.");
  await expect(form.getByLabel("Comment", { exact: true })).toHaveValue("Registered office moved; risk unchanged.");
  await form.getByLabel("Outcome").selectOption({ label: "Risk re-assessed" });
  await form.getByRole("button", { name: "Comment & resolve" }).click();
  await expect(timeline).toContainText("In review → Resolved: Risk re-assessed by E2E compliance");
  await expect(page.locator("[data-alert-state]")).toHaveText("Resolved");
  await expect(timeline.locator("[aria-busy]")).toHaveCount(0);
  await expect(page.getByTestId("open-alerts-count")).toHaveCount(0);

  const audit = await db.query<{ action: string; actor_email: string }>(
    "select action, actor_email from audit_log where target = $1 order by id",
    [`alert ${alertId}`],
  );
  expect(audit).toEqual([
    { action: "alert.notification_received", actor_email: "registry (webhook)" },
    { action: "alert.assigned", actor_email: officer.email },
    { action: "alert.commented", actor_email: officer.email },
    { action: "alert.state_changed", actor_email: officer.email },
    { action: "alert.state_changed", actor_email: officer.email },
  ]);
});

test("a triage click shows at once, the server's answer replaces the guess, and a refusal restores the alert and says why", async ({
  page,
  db,
  signIn,
}) => {
  const officer = await db.createUser("compliance");
  const colleague = await db.createUser("compliance");
  await signIn(officer);
  const monitorId = `mon_e2e_${uid()}`;
  await postMonitorNotification(db, { monitorId, companyId: `HRB ${uid()}`, categories: ["status"] });
  const [alert] = await db.query<{ id: string }>("select id from alerts where monitor_id = $1", [monitorId]);
  await page.goto(`/alerts/${alert!.id}`);
  const assignee = page.getByTestId("alert-assignee");
  await expect(assignee).toHaveText("Unassigned");

  // Hold the server action: what shows meanwhile is the page's guess.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The page's live refreshes (each change below sets one off) wait too, until the end: a late one would render the
  // list of people anew after the colleague is deactivated, and the refusal below could not be asked for.
  let releaseRefreshes!: () => void;
  const refreshesHeld = new Promise<void>((resolve) => (releaseRefreshes = resolve));
  await page.route(
    (url) => url.pathname === `/alerts/${alert!.id}`,
    async (route) => {
      if (route.request().method() === "POST") await held;
      else if (route.request().headers()["rsc"]) await refreshesHeld;
      await route.continue();
    },
  );
  await page.getByRole("button", { name: "Assign to me" }).click();
  await expect(assignee).toHaveText("E2E compliance");
  const timeline = page.getByTestId("alert-timeline");
  await expect(timeline.locator("[aria-busy]")).toContainText("saving…");
  expect((await db.query("select 1 from alerts where id = $1 and assignee_id is not null", [alert!.id])).length).toBe(0);
  release();
  await expect(timeline.locator("[aria-busy]")).toHaveCount(0);
  await expect(timeline).toContainText("Assigned to E2E compliance by E2E compliance");
  // Undo is offered for a few seconds, and puts the alert back.
  const triage = page.getByRole("region", { name: "Triage" });
  await triage.getByRole("status").getByRole("button", { name: "Undo" }).click();
  await expect(assignee).toHaveText("Unassigned");
  await expect(timeline).toContainText("Unassigned (was E2E compliance)");

  // The picker narrows as one types any part of a name or email; the native selects' options are not its.
  await page.getByRole("button", { name: "Assignee: Unassigned" }).click();
  const people = page.getByRole("listbox", { name: "People" });
  const find = page.getByRole("combobox", { name: "Find a person" });
  await find.fill("no such person at all");
  await expect(people.getByRole("option")).toHaveCount(0);
  await expect(page.getByText("Nobody matches.")).toBeVisible();
  await find.fill(colleague.email.split("@")[0]!.slice(-8).toUpperCase());
  await expect(people.getByRole("option")).toHaveText([`E2E compliance (${colleague.email})`]);
  // The colleague is deactivated after the page was rendered: the server refuses, the guess goes, the reason shows.
  await db.query("update users set active = false where id = $1", [colleague.id]);
  await people.getByRole("option", { name: `E2E compliance (${colleague.email})` }).click();
  await expect(triage.getByRole("alert")).toHaveText("Alerts can be assigned only to an active compliance or admin user.");
  await expect(assignee).toHaveText("Unassigned");
  await expect(page.getByRole("button", { name: "Assignee: Unassigned" })).toBeVisible();
  releaseRefreshes();
});

test("bulk-resolves two alerts, keeps its filters through a reload, and opens an alert from the keyboard", async ({ page, db, signIn }) => {
  await signIn(await db.createUser("admin"));
  const company = `E2E-${uid()}`;
  for (const n of [1, 2])
    await postMonitorNotification(db, { monitorId: `mon_${company}_${n}`, companyId: `${company}-${n}`, categories: ["status"] });

  await page.goto(`/alerts?company=${company}&kind=real`);
  const rows = page.locator("tr[data-alert-id]");
  await expect(rows).toHaveCount(2);
  await page.reload();
  await expect(page.getByLabel("Company", { exact: true })).toHaveValue(company);
  await expect(page.getByLabel("Test or real")).toHaveValue("real");
  await expect(rows).toHaveCount(2);

  await page.keyboard.press("j");
  await expect(rows.first().getByRole("link")).toBeFocused();
  await page.keyboard.press("j");
  await expect(rows.nth(1).getByRole("link")).toBeFocused();
  await page.keyboard.press("k");
  await page.keyboard.press("x");
  await expect(rows.first().getByRole("checkbox")).toBeChecked();
  await rows.nth(1).getByRole("checkbox").check();

  const bulk = page.getByRole("form", { name: "Resolve 2 alerts" });
  await bulk.getByLabel("Outcome").selectOption({ label: "No impact" });
  await bulk.getByLabel("Resolution comment").fill("Status filings only.");
  await bulk.getByRole("button", { name: "Resolve 2" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 alerts resolved." })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "No alerts match these filters" })).toBeVisible();

  await page.goto(`/alerts?company=${company}&state=resolved`);
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("Resolved: No impact");
  const ids = await rows.evaluateAll((elements) => elements.map((e) => e.getAttribute("data-alert-id")));
  for (const id of ids) {
    const events = await db.query<{ kind: string }>("select kind from alert_events where alert_id = $1 order by id", [id]);
    expect(events.map((e) => e.kind)).toEqual(["notification_received", "state_changed"]);
  }
  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/alerts/${ids[0]}`);
});

test("a finance user gets 403 on /alerts, and a direct post of a triage action is refused and changes nothing", async ({
  page,
  db,
  asRole,
}) => {
  const monitorId = `mon_e2e_${uid()}`;
  await postMonitorNotification(db, { monitorId, companyId: `HRB ${uid()}`, categories: ["ownership"] });
  const [alert] = await db.query<{ id: string }>("select id from alerts where monitor_id = $1", [monitorId]);

  await asRole("finance");
  await gotoInteractive(page, "/");
  await expect(page.getByRole("link", { name: "Alerts" })).toHaveCount(0);
  expect((await page.goto("/alerts"))?.status()).toBe(403);
  expect((await page.goto(`/alerts/${alert!.id}`))?.status()).toBe(403);
  expect((await page.request.get("/api/alerts/open-count")).status()).toBe(403);

  const resolve = serverAction("resolveAlertsAction", "app/(console)/alerts/actions.ts");
  const response = await postServerAction(page.request, resolve, [{ alertIds: [Number(alert!.id)], outcome: "no_impact", comment: "x" }]);
  expect(await response.text()).toContain('"code":"forbidden"');
  const [after] = await db.query<{ state: string }>("select state from alerts where id = $1", [alert!.id]);
  expect(after!.state).toBe("new");
  expect(await db.query("select 1 from alert_events where alert_id = $1 and kind <> 'notification_received'", [alert!.id])).toEqual([]);
});

test("a deactivation reads as such in the inbox and on the alert, also when the vendor names the event monitor.update", async ({
  page,
  db,
  signIn,
}) => {
  await signIn(await db.createUser("auditor"));
  const company = `GONE-${uid()}`;
  await postMonitorNotification(db, {
    monitorId: `mon_${company}_1`,
    companyId: `${company}-1`,
    categories: ["disappeared"],
    type: "monitor.update",
  });
  await postMonitorNotification(db, { monitorId: `mon_${company}_2`, companyId: `${company}-2`, categories: [], deactivated: true });

  await page.goto(`/alerts?company=${company}&sort=due`);
  await expect(page.locator(`tr:has-text("${company}-1")`)).toContainText("Monitor deactivated: the company is no longer in the register");
  await expect(page.locator(`tr:has-text("${company}-2")`)).toContainText("The registry deactivated this monitor");
  // An auditor reads, and is offered nothing to change.
  await expect(page.getByRole("region", { name: "Bulk actions" })).toHaveCount(0);
  await page.locator(`tr:has-text("${company}-1")`).getByRole("link").click();
  await expect(page.getByRole("note").filter({ hasText: "deactivated" })).toHaveText(
    "Monitor deactivated: the company is no longer in the register",
  );
  await expect(page.getByRole("region", { name: "Triage" })).toHaveCount(0);
});
