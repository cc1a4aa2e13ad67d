import { expect, test, type Database, gotoInteractive } from "./fixtures";
import { sim } from "./simulator-api";

// The simulator is shared with the other spec files running beside these: each test monitors a company of its own
// and never moves the simulated clock, so no check runs; health is covered by lib/monitors/health.test.ts.

/** A dossier of a fresh company ordered with a case reference, stored as this console's order with its first snapshot. */
async function dossierWithCaseReference(db: Database, caseReference: string): Promise<{ requestId: string; companyId: string }> {
  const companyId = `HRB ${Math.floor(Math.random() * 900_000) + 100_000}`;
  const created = await sim("POST", "/v2/company", {
    id: companyId,
    countryCode: "DE",
    dataPoints: ["company"],
    metadata: { caseReference },
  });
  expect(created.status).toBe(200);
  const requestId = created.json.request.requestId as string;
  const [connection] = await db.query<{ id: string }>("select id from registry_connections where name = 'Local simulator'");
  await db.query(
    `insert into company_requests (request_id, connection_id, origin, country_code, company_id, version, snapshot)
     values ($1, $2, 'console', 'DE', $3, $4, $5) on conflict (request_id) do update set origin = 'console'`,
    [requestId, connection!.id, companyId, created.json.request.version ?? 1, JSON.stringify(created.json)],
  );
  return { requestId, companyId };
}

test("start monitoring from a dossier, edit it there, see it listed, send a test notification and stop it", async ({
  page,
  db,
  signIn,
}) => {
  test.setTimeout(120_000);
  const officer = await db.createUser("compliance");
  await signIn(officer);
  const caseReference = `KYC-${Date.now()}`;
  const { requestId, companyId } = await dossierWithCaseReference(db, caseReference);

  // Start: the labelled fields come prefilled with the case reference and who asks; a 41-character key is flagged and not sent.
  await page.goto(`/requests/${requestId}`);
  await expect(page.getByText("Not monitored through this connection.")).toBeVisible();
  await page.getByRole("button", { name: "Start monitoring" }).click();
  const dialog = page.getByRole("dialog", { name: "Start monitoring" });
  await expect(dialog.getByRole("textbox", { name: "Case reference" })).toHaveValue(caseReference);
  await expect(dialog.getByRole("textbox", { name: "Requested by" })).toHaveValue(officer.email);
  await expect(dialog.getByRole("textbox", { name: "Key 1", exact: true })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Add a key" }).click();
  await dialog.getByRole("textbox", { name: "Key 1", exact: true }).fill("k".repeat(41));
  await dialog.getByRole("textbox", { name: "Value 1", exact: true }).fill("kept out");
  await expect(dialog.getByText("This key is over 40 characters: the registry would skip it. Shorten it.")).toBeVisible();
  await dialog.getByRole("button", { name: "Start monitoring" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Correct the flagged metadata first: nothing was sent.");
  expect(await db.query("select 1 from monitors where company_id = $1", [companyId])).toHaveLength(0);
  await dialog.getByRole("textbox", { name: "Key 1", exact: true }).fill("k".repeat(40));
  await expect(dialog.getByText(/registry would skip it/)).toHaveCount(0);
  // Held at the server, the dialog says at once what is on its way; the registry's answer then replaces it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/requests/${requestId}`, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await dialog.getByRole("button", { name: "Start monitoring" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Starting monitoring: waiting for the registry to confirm…");
  await expect(dialog.getByRole("link", { name: "Open the monitor" })).toHaveCount(0);
  release();
  await expect(dialog.getByRole("status")).toHaveText("Monitoring started.");
  await page.unroute(`**/requests/${requestId}`);
  const [mirrored] = await db.query<{ monitor_id: string; case_reference: string; started_by_email: string }>(
    "select monitor_id, case_reference, started_by_email from monitors where company_id = $1",
    [companyId],
  );
  expect(mirrored).toMatchObject({ case_reference: caseReference, started_by_email: officer.email });
  const monitorId = mirrored!.monitor_id;
  await page.keyboard.press("Escape");
  const monitoring = page.getByRole("region", { name: "Monitoring" });
  await expect(monitoring.getByText(`started by ${officer.email} (case ${caseReference})`)).toBeVisible();

  // Monitored now: the dossier offers "Edit monitor", not another start; the form holds what the monitor stores.
  await expect(monitoring.getByRole("button", { name: "Start monitoring" })).toHaveCount(0);
  await monitoring.getByRole("button", { name: "Edit monitor" }).click();
  const edit = page.getByRole("dialog", { name: "Edit monitor" });
  await expect(edit.getByRole("textbox", { name: "Case reference" })).toHaveValue(caseReference);
  await expect(edit.getByRole("textbox", { name: "Requested by" })).toHaveValue(officer.email);
  await expect(edit.getByRole("textbox", { name: "Key 1", exact: true })).toHaveValue("k".repeat(40));
  const newReference = `${caseReference}-B`;
  await edit.getByRole("textbox", { name: "Case reference" }).fill(newReference);
  await edit.getByRole("button", { name: "Add a key" }).click();
  await edit.getByRole("textbox", { name: "Key 2", exact: true }).fill("team");
  await edit.getByRole("textbox", { name: "Value 2", exact: true }).fill("Onboarding");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByRole("status")).toHaveText("Saved: the registry now stores this metadata.");
  await page.keyboard.press("Escape");
  await expect(monitoring.getByText(`started by ${officer.email} (case ${newReference})`)).toBeVisible();
  const stored = await sim("GET", `/v2/monitors/${encodeURIComponent(monitorId)}`);
  expect(stored.json.id).toBe(monitorId);
  expect(stored.json.metadata).toEqual({
    caseReference: newReference,
    requestedBy: officer.email,
    ["k".repeat(40)]: "kept out",
    team: "Onboarding",
  });
  const [edited] = await db.query<{ case_reference: string }>("select case_reference from monitors where monitor_id = $1", [monitorId]);
  expect(edited!.case_reference).toBe(newReference);

  // Listed with who started it and its health (no check yet: it is younger than 48 hours).
  await page.goto(`/monitors?company=${encodeURIComponent(companyId)}&country=DE`);
  const row = page.locator(`tr[data-monitor-id="${monitorId}"]`);
  await expect(row).toContainText(officer.email);
  await expect(row).toContainText(`Case ${newReference}`);
  await expect(row.locator("[data-health]")).toHaveAttribute("data-health", "ok");
  await expect(row).toContainText("No check yet.");
  await expect(page.getByText("1 match.")).toBeVisible();

  // Its page: the metadata as stored (the 40-character key kept), then a test notification, marked test once received.
  await row.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/monitors/${monitorId}$`));
  const metadataForm = page.getByRole("form", { name: "Monitor metadata" });
  await expect(metadataForm.getByRole("textbox", { name: "Case reference" })).toHaveValue(newReference);
  await expect(metadataForm.getByRole("textbox", { name: "Key 1", exact: true })).toHaveValue("k".repeat(40));
  await expect(page.getByText("No check logged yet.")).toBeVisible();
  const testForm = page.getByRole("form", { name: "Send a test notification" });
  await testForm.getByLabel("Address", { exact: true }).check();
  await testForm.getByRole("button", { name: "Send test notification" }).click();
  await expect(testForm.getByRole("status")).toHaveText("Sent. Its alert is marked test in the inbox.");
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByRole("list", { name: "Test notifications asked for" }).textContent();
      },
      { timeout: 20_000 },
    )
    .toMatch(/status, address.*Received: test alert \d+/);
  const alerts = await db.query<{ is_test: boolean; categories: string[] }>(
    "select is_test, categories from alerts where monitor_id = $1",
    [monitorId],
  );
  expect(alerts).toEqual([{ is_test: true, categories: ["status", "address"] }]);

  // Stop, confirmed in a dialog.
  await page.getByRole("button", { name: "Stop monitoring" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Stop monitoring" }).click();
  await expect(
    page.getByText(new RegExp(`Monitoring stopped on .* by ${officer.email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`)),
  ).toBeVisible();
  expect((await sim("GET", `/v2/monitors/${encodeURIComponent(monitorId)}`)).status).toBe(404);
  const audited = await db.query<{ action: string }>(
    "select action from audit_log where actor_email = $1 and action like 'monitor.%' order by id",
    [officer.email],
  );
  expect(audited.map((a) => a.action)).toEqual([
    "monitor.started",
    "monitor.metadata_updated",
    "monitor.test_requested",
    "monitor.stopped",
  ]);
});

test("finance has no Monitors entry and the page is forbidden", async ({ page, asRole }) => {
  await asRole("finance");
  await gotoInteractive(page, "/");
  await expect(page.getByRole("navigation").getByRole("link", { name: "Monitors" })).toHaveCount(0);
  expect((await page.goto("/monitors"))?.status()).toBe(403);
});
