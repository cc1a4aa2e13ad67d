import { phone } from "./console-pages";
import { expect, postServerAction, serverAction, test } from "./fixtures";
import { postMonitorNotification } from "./monitor-notification";
import { orderFromCompanyPage } from "./ordered-dossier";
import { sim } from "./simulator-api";

const oldAddress = { addressLine1: "Alte Straße 1", city: "Berlin", postalCode: "10115", countryCode: "DE" };
const newAddress = { ...oldAddress, addressLine1: "Neue Straße 2" };

test("see what changed: the price first, a confirm, then exactly the changed address; and Compare with… from the dossier", async ({
  page,
  db,
  signIn,
}) => {
  // Two orders, each waited for until complete, and three pages: generous on a busy machine.
  test.setTimeout(120_000);
  const user = await db.createUser("compliance");
  await signIn(user);
  const id = `E2E ${Math.floor(Math.random() * 1e9)}`;
  const monitorId = `mon_e2e_${id.replace(/\W/g, "")}`;
  expect(
    (await sim("POST", "/v2/sandbox/companies", { countryCode: "DE", id, company: { legalName: "Umzug GmbH", legalAddress: oldAddress } }))
      .status,
  ).toBe(201);

  // The earlier snapshot, ordered through the company page.
  const earlierId = await orderFromCompanyPage(page, "DE", id);

  // The company moves; the monitor says "address".
  expect((await sim("PATCH", `/v2/sandbox/companies/DE/${encodeURIComponent(id)}`, { company: { legalAddress: newAddress } })).status).toBe(
    200,
  );
  const alertId = await postMonitorNotification(db, { monitorId, companyId: id, categories: ["address"] });

  await page.goto(`/alerts/${alertId}/changes`);
  await expect(page.getByTestId("category-mapping")).toContainText("address");
  await expect(page.getByTestId("category-mapping")).toContainText("Company profile");
  // Bought minutes ago on this connection: the registry will not bill the block again, and the page says so.
  await expect(page.getByTestId("what-changed-price")).toContainText("bought less than an hour ago: free again");
  await expect(page.getByTestId("what-changed-total")).toContainText("0 credits");
  expect(await db.query("select 1 from alert_events where alert_id = $1 and kind = 'reretrieval_ordered'", [alertId])).toHaveLength(0);

  await page.getByRole("button", { name: "Order what changed for 0 credits" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Order for 0 credits?");
  await dialog.getByRole("button", { name: "Spend 0 credits" }).click();

  const changes = page.getByTestId("snapshot-changes");
  await expect(changes).toBeVisible({ timeout: 30_000 });
  const rows = changes.locator("tr[data-change]");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-path", "company.legalAddress.addressLine1");
  await expect(rows.first()).toContainText("Alte Straße 1");
  await expect(rows.first()).toContainText("Neue Straße 2");
  // The field in words; its API path only under Technical details.
  const field = rows.first().getByRole("cell").first();
  await expect(field).toContainText("Legal address › Address line 1");
  await expect(field.locator("[data-technical-details]")).not.toHaveAttribute("open");
  await expect(field.getByText("legalAddress", { exact: false })).toBeHidden();

  const [alert] = await db.query<{ change_request_id: string; baseline_request_id: string }>(
    "select change_request_id, baseline_request_id from alerts where id = $1",
    [alertId],
  );
  expect(alert!.baseline_request_id).toBe(earlierId);
  await expect
    .poll(async () => db.query("select actor_email from alert_events where alert_id = $1 and kind = 'diff_reviewed'", [alertId]))
    .toEqual([{ actor_email: user.email }]);
  const audited = await db.query<{ action: string }>("select action from audit_log where target = $1 order by id", [`alert ${alertId}`]);
  expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(["alert.reretrieval_ordered", "alert.diff_reviewed"]));
  const [sent] = await db.query<{ details: Record<string, unknown> }>(
    "select details from audit_log where action = 'company.ordered' and details->>'requestId' = $1",
    [alert!.change_request_id],
  );
  expect(sent!.details).toMatchObject({ alertId: String(alertId) });

  // The alert's own page shows the same diff inline, beside its triage.
  await page.goto(`/alerts/${alertId}`);
  const inline = page.getByTestId("snapshot-changes").locator("tr[data-change]");
  await expect(inline).toHaveCount(1);
  await expect(inline.first()).toContainText("Neue Straße 2");
  // On a phone the change folds into a block of its own, its words whole: the new address on one line, not cut.
  await page.setViewportSize(phone);
  const after = inline.first().getByRole("cell").nth(3);
  await expect(after).toHaveCSS("display", "block");
  const lines = await after
    .getByText("Neue Straße 2")
    .evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
  expect(lines).toBeLessThan(1.5);
  await page.setViewportSize({ width: 1280, height: 720 });

  // "Compare with…" from the new snapshot's dossier lists the earlier one and shows the same change.
  await page.goto(`/requests/${encodeURIComponent(alert!.change_request_id)}`);
  await page.getByRole("link", { name: "Compare with…" }).click();
  await page.getByTestId("other-snapshots").getByRole("link", { name: earlierId }).click();
  await expect(page).toHaveURL(/\/compare\?with=/);
  const compared = page.getByTestId("snapshot-changes").locator("tr[data-change]");
  await expect(compared).toHaveCount(1);
  await expect(compared.first()).toHaveAttribute("data-path", "company.legalAddress.addressLine1");
});

test("a finance user cannot order what changed by posting the action directly", async ({ page, db, signIn }) => {
  const user = await db.createUser("finance");
  await signIn(user);
  const id = `E2E ${Math.floor(Math.random() * 1e9)}`;
  const alertId = await postMonitorNotification(db, {
    monitorId: `mon_e2e_${id.replace(/\W/g, "")}`,
    companyId: id,
    categories: ["status"],
  });
  const action = serverAction("orderWhatChangedAction", "app/(console)/alerts/[alertId]/changes/actions.ts");
  const response = await postServerAction(page.request, action, [{ alertId: Number(alertId), quotedTotal: 0 }]);
  expect(await response.text()).toContain('"code":"forbidden"');
  expect(await db.query("select 1 from alert_events where alert_id = $1 and kind = 'reretrieval_ordered'", [alertId])).toHaveLength(0);
  expect((await page.goto(`/alerts/${alertId}/changes`))?.status()).toBe(403);
});
