import { expect, test } from "./fixtures";
import { startMonitoringFromDossier } from "./monitor-notification";
import { orderFromCompanyPage } from "./ordered-dossier";
import { sim } from "./simulator-api";

// Moves the simulator's shared clock a day ahead so a monitor's daily check fires: simulator-wide, run one at a time.
test.describe.configure({ mode: "serial" });

const day = 86_400;
const oldAddress = { addressLine1: "Kaistraße 4", city: "Kiel", postalCode: "24103", countryCode: "DE" };
const newAddress = { ...oldAddress, addressLine1: "Kaistraße 40" };

test("after the sandbox clock moves a day, a price shown free again that the registry refuses is offered at its real price in place, ordered and diffed", async ({
  page,
  db,
  signIn,
}) => {
  test.setTimeout(180_000);
  await signIn(await db.createUser("compliance"));
  const companyId = `REQUOTE ${Math.floor(Math.random() * 1e9)}`;
  const created = await sim("POST", "/v2/sandbox/companies", {
    countryCode: "DE",
    id: companyId,
    company: { legalName: "Förde Werft GmbH", legalAddress: oldAddress },
  });
  expect(created.status).toBe(201);
  await orderFromCompanyPage(page, "DE", companyId);
  const monitorId = await startMonitoringFromDossier(page, db, companyId);

  // The company moves; a simulated day later the monitor's daily check notifies.
  const moved = await sim("PATCH", `/v2/sandbox/companies/DE/${encodeURIComponent(companyId)}`, { company: { legalAddress: newAddress } });
  expect(moved.status).toBe(200);
  expect((await sim("POST", "/_sim/advance", { seconds: day })).status).toBe(200);
  // The simulator may still be retrying deliveries another spec left behind (webhooks-live answers 503 on purpose): wait longer.
  await expect.poll(async () => db.query("select id from alerts where monitor_id = $1", [monitorId]), { timeout: 60_000 }).toHaveLength(1);
  const [alert] = await db.query<{ id: string }>("select id from alerts where monitor_id = $1", [monitorId]);
  // A console that cannot tell the registry's clock moved (the notification stamped as received) still judges the
  // order placed minutes ago as bought within 24 hours: the case the registry refuses.
  await db.query("update monitor_notifications set notified_at = to_char(received_at at time zone 'UTC', $2) where alert_id = $1", [
    alert!.id,
    'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"',
  ]);

  await page.goto(`/alerts/${alert!.id}/changes`);
  await expect(page.getByTestId("what-changed-price")).toContainText("free again");
  await expect(page.getByTestId("what-changed-total")).toContainText("0 credits");
  await page.getByRole("button", { name: /^Order what changed for/ }).click();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: /^Spend/ })
    .click();

  // Refused by the registry: said in words, at the real price, with the order offered again in place.
  const refused = page.getByTestId("free-again-refused");
  await expect(refused).toContainText(/The registry no longer offers this for free; it costs [\d.,]+ credits?\./, { timeout: 20_000 });
  await expect(page.getByTestId("what-changed-price")).not.toContainText("free again");
  await expect(page.getByTestId("what-changed-total")).not.toContainText(/Total: 0 credits/);
  const order = page.getByRole("button", { name: /^Order for [\d.,]+ credits?$/ });
  await expect(order).toBeVisible();
  for (const raw of ["budget_exceeded", "profileMaxBudget"]) await expect(page.locator("body")).not.toContainText(raw);
  const price = (await order.textContent())!.replace(/^Order for /, "");
  await expect(refused).toContainText(`it costs ${price}.`);

  // The same confirm step as any paid order; then the diff.
  await order.click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Order for ${price}?`);
  await dialog.getByRole("button", { name: `Spend ${price}` }).click();
  const changes = page.getByTestId("snapshot-changes").locator("tr[data-change]");
  await expect(changes).toHaveCount(1, { timeout: 30_000 });
  await expect(changes.first()).toHaveAttribute("data-path", "company.legalAddress.addressLine1");
  await expect(changes.first()).toContainText("Kaistraße 40");
  for (const raw of ["budget_exceeded", "profileMaxBudget"]) await expect(page.locator("body")).not.toContainText(raw);

  // Both attempts are audited: the refusal and the paid order.
  const audited = await db.query<{ outcome: string }>(
    "select details->>'outcome' as outcome from audit_log where action = 'company.ordered' and details->>'alertId' = $1 order by id",
    [alert!.id],
  );
  expect(audited.map((a) => a.outcome)).toEqual(["refused", "ordered"]);
});
