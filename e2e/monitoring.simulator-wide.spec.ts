import { expect, test } from "./fixtures";
import { startMonitoringFromDossier } from "./monitor-notification";
import { orderFromCompanyPage } from "./ordered-dossier";
import { sim } from "./simulator-api";

// The whole monitoring loop against the simulator's own monitors: a real daily check, found by moving the simulated
// clock a day ahead. That clock is shared by every spec, so these run one at a time after all the others (the
// "simulator-wide" project in playwright.config.ts).
test.describe.configure({ mode: "serial" });

const day = 86_400;
const oldAddress = { addressLine1: "Hafenstraße 1", city: "Hamburg", postalCode: "20457", countryCode: "DE" };
const newAddress = { ...oldAddress, addressLine1: "Speicherstadt 9" };

/** A user-defined sandbox company (its changes are what the simulator's monitors report). */
async function sandboxCompany(legalName: string): Promise<string> {
  const id = `FLOW ${Math.floor(Math.random() * 1e9)}`;
  const created = await sim("POST", "/v2/sandbox/companies", { countryCode: "DE", id, company: { legalName, legalAddress: oldAddress } });
  expect(created.status).toBe(201);
  return id;
}

test("monitor from a dossier, a change found by the daily check arrives live, is assigned, diffed exactly and resolved, with its trail", async ({
  page,
  db,
  signIn,
}) => {
  test.setTimeout(180_000);
  const officer = await db.createUser("compliance");
  await signIn(officer);
  const companyId = await sandboxCompany("Speicher Logistik GmbH");
  const baselineId = await orderFromCompanyPage(page, "DE", companyId);
  const monitorId = await startMonitoringFromDossier(page, db, companyId);

  // An open inbox, live.
  await page.goto(`/alerts?company=${encodeURIComponent(companyId)}`);
  await expect(page.locator("[data-live-status]")).toHaveAttribute("data-live-status", "open");
  const rows = page.locator("tr[data-alert-id]");
  await expect(rows).toHaveCount(0);

  // The company moves in the sandbox; a simulated day later the monitor's check finds it and notifies.
  expect(
    (await sim("PATCH", `/v2/sandbox/companies/DE/${encodeURIComponent(companyId)}`, { company: { legalAddress: newAddress } })).status,
  ).toBe(200);
  expect((await sim("POST", "/_sim/advance", { seconds: day })).status).toBe(200);
  await expect(rows).toHaveCount(1, { timeout: 20_000 }); // no reload
  await expect(rows.first()).toContainText("Address");
  const alertId = (await rows.first().getAttribute("data-alert-id"))!;
  const logs = (await sim("GET", `/v2/monitors/${encodeURIComponent(monitorId)}/logs`)).json.logs as { changeCategories: string[] }[];
  expect(logs.map((l) => l.changeCategories)).toEqual([["address"]]);
  // The simulated day passed for the console's records too: the earlier order is a day old, so its blocks are billed again.
  await db.query("update company_requests set created_at = created_at - interval '1 day' where request_id = $1", [baselineId]);

  // Assign to me.
  await rows.first().getByRole("link").click();
  await expect(page).toHaveURL(`/alerts/${alertId}`);
  await page.getByRole("button", { name: "Assign to me" }).click();
  const timeline = page.getByTestId("alert-timeline");
  await expect(timeline).toContainText("Assigned to E2E compliance by E2E compliance");

  // See what changed: the price first, then a confirm, then exactly the changed address.
  await page.getByRole("link", { name: "See what changed" }).click();
  await expect(page).toHaveURL(`/alerts/${alertId}/changes`);
  const total = page.getByTestId("what-changed-total");
  await expect(total).toContainText("credits");
  await expect(total).not.toContainText(/^\s*0 credits/);
  await expect(page.getByTestId("what-changed-price")).not.toContainText("free again");
  await page.getByRole("button", { name: /^Order what changed for/ }).click();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: /^Spend/ })
    .click();
  const changes = page.getByTestId("snapshot-changes").locator("tr[data-change]");
  await expect(changes).toHaveCount(1, { timeout: 30_000 });
  await expect(changes.first()).toHaveAttribute("data-path", "company.legalAddress.addressLine1");
  await expect(changes.first()).toContainText("Hafenstraße 1");
  await expect(changes.first()).toContainText("Speicherstadt 9");

  // Resolve with an outcome and a comment.
  await page.goto(`/alerts/${alertId}`);
  const resolve = page.getByRole("form", { name: "Comment" });
  await resolve.getByLabel("Outcome").selectOption({ label: "No impact" });
  await resolve.getByLabel("Comment", { exact: true }).fill("New registered office in the same city; no impact.");
  await resolve.getByRole("button", { name: "Comment & resolve" }).click();
  await expect(page.locator("[data-alert-state]")).toHaveText("Resolved");
  await expect(timeline.locator("[aria-busy]")).toHaveCount(0); // the server's answer, not the guess

  // The timeline and the audit log tell the whole story, and the re-retrieved snapshot is the new baseline.
  const events = await db.query<{ kind: string; actor_email: string }>(
    "select kind, actor_email from alert_events where alert_id = $1 order by id",
    [alertId],
  );
  expect(events).toEqual([
    { kind: "notification_received", actor_email: "registry (webhook)" },
    { kind: "assigned", actor_email: officer.email },
    { kind: "reretrieval_ordered", actor_email: officer.email },
    { kind: "diff_reviewed", actor_email: officer.email },
    { kind: "state_changed", actor_email: officer.email },
  ]);
  for (const text of ["Assigned to", "Resolved: No impact", "New registered office in the same city"])
    await expect(timeline).toContainText(text);
  const audited = await db.query<{ action: string }>("select action from audit_log where target = $1 order by id", [`alert ${alertId}`]);
  expect(audited.map((a) => a.action)).toEqual([
    "alert.notification_received",
    "alert.assigned",
    "alert.reretrieval_ordered",
    "alert.diff_reviewed",
    "alert.state_changed",
  ]);
  const [alert] = await db.query<{ change_request_id: string }>("select change_request_id from alerts where id = $1", [alertId]);
  const [baseline] = await db.query<{ request_id: string }>(
    "select request_id from reviewed_baselines where company_id = $1 and country_code = 'DE'",
    [companyId],
  );
  expect(baseline!.request_id).toBe(alert!.change_request_id);
  expect(
    await db.query("select 1 from audit_log where actor_email = $1 and action = 'monitor.started' and target = $2", [
      officer.email,
      `DE ${companyId}`,
    ]),
  ).toHaveLength(1);
});

test("a company that disappears: the final notification reads as a deactivation, and the monitor shows it", async ({
  page,
  db,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn(await db.createUser("compliance"));
  const companyId = await sandboxCompany("Verschwunden AG");
  await page.goto(`/companies/DE/${encodeURIComponent(companyId)}`);
  await page.getByRole("button", { name: "Start monitoring" }).click();
  const dialog = page.getByRole("dialog", { name: "Start monitoring" });
  await dialog.getByRole("button", { name: "Start monitoring" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Monitoring started.");
  const [monitor] = await db.query<{ monitor_id: string }>("select monitor_id from monitors where company_id = $1", [companyId]);

  expect((await sim("PATCH", `/v2/sandbox/companies/DE/${encodeURIComponent(companyId)}`, { disappeared: true })).status).toBe(200);
  expect((await sim("POST", "/_sim/advance", { seconds: day })).status).toBe(200);
  await expect
    .poll(async () => db.query("select deactivation from alerts where monitor_id = $1", [monitor!.monitor_id]), { timeout: 20_000 })
    .toEqual([{ deactivation: true }]);
  const [alert] = await db.query<{ id: string }>("select id from alerts where monitor_id = $1", [monitor!.monitor_id]);
  await page.goto(`/alerts/${alert!.id}`);
  await expect(page.getByText(/no longer (found )?in the register/i).first()).toBeVisible();
  await page.goto(`/monitors/${encodeURIComponent(monitor!.monitor_id)}`);
  await expect(page.getByText(/deactivated/i).first()).toBeVisible();
});

test("health on /monitors: a monitor not checked for over 48 hours is stale, one whose checks fail shows the error", async ({
  page,
  db,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn(await db.createUser("compliance"));
  const stale = await sim("POST", "/v2/monitors", { companyId: "MONITOR_STALE", countryCode: "GB" });
  const failing = await sim("POST", "/v2/monitors", { companyId: "MONITOR_ERROR", countryCode: "GB" });
  expect([stale.status, failing.status]).toEqual([201, 201]);
  expect((await sim("POST", "/_sim/advance", { seconds: day })).status).toBe(200);

  await page.goto("/monitors?company=MONITOR_STALE&country=GB");
  const staleRow = page.locator(`tr[data-monitor-id="${stale.json.id}"]`);
  await expect(staleRow.locator("[data-health]")).toHaveAttribute("data-health", "stale");
  await expect(staleRow).toContainText("Started outside this console");

  await page.goto("/monitors?company=MONITOR_ERROR&country=GB");
  const failingRow = page.locator(`tr[data-monitor-id="${failing.json.id}"]`);
  await expect(failingRow.locator("[data-health]")).toHaveAttribute("data-health", "error");
  await expect(failingRow).toContainText("The register did not answer this check");
});
