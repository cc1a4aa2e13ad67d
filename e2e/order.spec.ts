import { expect, postServerAction, serverAction, test } from "./fixtures";
import { chargedFor, sim } from "./simulator-api";

const companyPage = (country: string, id: string) => `/companies/${country}/${encodeURIComponent(id)}`;
/** A German company id no spec has ordered: six digits, where the fixed ids other specs use (HRB 86891, …) never fall. */
const freshCompanyId = () => `HRB ${100_000 + Math.floor(Math.random() * 900_000)}`;

test("a compliance officer sees the price first, confirms it, and is charged exactly that; the order is audited", async ({
  page,
  db,
  signIn,
}) => {
  const user = await db.createUser("compliance");
  await signIn(user);
  // A company not ordered in the last 24 hours (blocks bought within a day are not charged again).
  const id = freshCompanyId();
  await page.goto(companyPage("DE", id));
  await expect(page.getByRole("heading", { name: "Order" })).toBeVisible();
  await expect(page.locator('[data-price="legalRepresentatives"]')).toContainText("Comes with Company profile");
  await expect(page.locator('[data-price="availableDocuments"]')).toHaveText("Free");
  await page.getByLabel("Shareholders").click();
  await page.getByLabel("Ultimate beneficial owners").click();
  const total = page.getByTestId("order-total");
  await expect(total).toContainText("16 credits"); // company 4 + shareholders 4 + UBO 8
  await expect(page.getByLabel("Spend cap for the whole request (credits)")).toHaveValue("16");
  await page.getByLabel("Case reference (kept with the request)").fill("KYC-2026-17");

  await page.getByRole("button", { name: "Order for 16 credits" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Order for 16 credits?");
  await expect(dialog).toContainText("Spend cap for the whole request: 16 credits");
  await dialog.getByRole("button", { name: /Spend up to 16 credits/ }).click();

  await expect(page).toHaveURL(/\/requests\/req_/);
  const requestId = decodeURIComponent(page.url().split("/requests/")[1]!);
  await expect(page.getByText("This request is complete")).toBeVisible({ timeout: 30_000 });
  expect(await chargedFor(requestId)).toBe(16);
  // The charge after, as the registry reports it per datapoint, in the request list filtered to this user.
  await page.goto(`/requests?user=${encodeURIComponent(user.email)}`);
  await expect(page.getByRole("row").filter({ hasText: requestId })).toContainText("16 cr");

  const [stored] = await db.query<{ origin: string; ordered_by: string }>(
    "select origin, ordered_by from company_requests where request_id = $1",
    [requestId],
  );
  expect(stored).toEqual({ origin: "console", ordered_by: user.id });
  const [row] = await db.query<{ details: Record<string, unknown>; actor_email: string }>(
    "select details, actor_email from audit_log where action = 'company.ordered' and details->>'requestId' = $1",
    [requestId],
  );
  expect(row!.actor_email).toBe(user.email);
  expect(row!.details).toMatchObject({
    outcome: "ordered",
    quotedTotal: 16,
    caps: { maxBudget: 16, profileMaxBudget: 16 },
    caseReference: "KYC-2026-17",
  });
});

test("the Full KYB dossier preset chooses its datapoints in one click, with a graph cap that reaches past the first level", async ({
  page,
  db,
  signIn,
}) => {
  await signIn(await db.createUser("compliance"));
  // A company the console holds no file of (the preset leaves out what a file already holds).
  await page.goto(companyPage("DE", freshCompanyId()));
  await page.getByRole("button", { name: "Full KYB dossier" }).click();
  const chosen = ["Company profile", "Legal representatives", "Ultimate beneficial owners", "Shareholders", "Ownership graph"];
  for (const label of [...chosen, "List of available documents"]) await expect(page.getByLabel(label, { exact: true })).toBeChecked();
  await expect(page.getByLabel("Subsidiaries", { exact: true })).not.toBeChecked();
  await expect(page.getByTestId("order-total")).toContainText("graph from");
  const warning = page.getByText("The graph will stop after one level at this cap; you can expand it later, paying per company.");
  await expect(page.getByLabel("Cap for the ownership graph (credits)")).not.toHaveValue("");
  await expect(warning).toHaveCount(0);
  await page.getByLabel("Cap for the ownership graph (credits)").fill("1");
  await expect(warning).toBeVisible();
});

test("documents are listed for free and picked with their prices", async ({ page, db, signIn }) => {
  await signIn(await db.createUser("compliance"));
  await page.goto(companyPage("DE", "HRB 86891"));
  await page.getByRole("button", { name: "List available documents (free)" }).click();
  const documents = page.getByRole("list", { name: "Available documents" });
  await expect(documents).toBeVisible({ timeout: 30_000 });
  await documents.getByLabel(/Certified trade register extract/).click();
  await expect(page.getByTestId("order-total")).toContainText("documents 14 credits");
});

test("refusals are explained in the words of the spec", async ({ page, db, signIn }) => {
  await signIn(await db.createUser("compliance"));
  const orderNow = async () => {
    await page.getByRole("button", { name: /^Order for/ }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: /Spend up to/ })
      .click();
  };

  await page.goto(companyPage("DE", "INSUFFICIENT_FUNDS"));
  await orderNow();
  await expect(page.getByRole("alert", { name: "Order refused" })).toContainText("Nothing was charged");

  await page.goto(companyPage("DE", "HRB 55555"));
  await page.getByLabel("Ownership graph").click();
  await page.getByLabel("Spend cap for the whole request (credits)").fill("1");
  await orderNow();
  const budget = page.getByRole("alert", { name: "Order refused" });
  await expect(budget).toContainText("the registry quoted");
  await budget.getByRole("button", { name: /Raise the spend cap for the whole request to/ }).click();
  await expect(page.getByLabel("Spend cap for the whole request (credits)")).not.toHaveValue("1");

  await page.goto(companyPage("DE", "RATE_LIMITED"));
  await orderNow();
  const limited = page.getByRole("alert", { name: "Order refused" });
  await expect(limited.getByRole("button", { name: /Retry in \d+ seconds?/ })).toBeDisabled();

  await page.goto(companyPage("MU", "12345"));
  await orderNow();
  await expect(page.getByText(/one letter followed by 2 to 6 digits/)).toBeVisible();
});

test("a finance user sees prices but cannot order, even by posting the server action directly", async ({ page, db, signIn }) => {
  const user = await db.createUser("finance");
  await signIn(user);
  await page.goto(companyPage("DE", "HRB 86891"));
  await expect(page.getByRole("heading", { name: "Prices" })).toBeVisible();
  await expect(page.locator('[data-price="company"]')).toContainText("credits");
  await expect(page.getByRole("button", { name: /^Order for/ })).toHaveCount(0);

  const action = serverAction("orderCompanyAction", "app/(console)/companies/[country]/[id]/actions.ts");
  const response = await postServerAction(page.request, action, [
    { countryCode: "DE", id: "HRB 86891", dataPoints: ["company"], quotedTotal: 4 },
  ]);
  expect(await response.text()).toContain('"code":"forbidden"');
  expect(await db.query("select 1 from audit_log where action = 'company.ordered' and actor_id = $1", [user.id])).toHaveLength(0);
});

test("a paid request without a known outcome is listed on Requests until what the registry reported settles it", async ({
  page,
  db,
  signIn,
}) => {
  const user = await db.createUser("compliance");
  const id = freshCompanyId();
  // As left by an order whose call timed out: the registry did take it, and says so by webhook.
  const [intent] = await db.query<{ id: string }>(
    `insert into paid_request_intents (actor_id, actor_email, connection_id, action, target, details, status, outcome, created_at)
     select $1, $2, id, 'company.ordered', $3, $4, 'unknown', $5, now() - interval '5 minutes' from registry_connections where name = 'Local simulator'
     returning id`,
    [user.id, user.email, `DE ${id}`, { quotedTotal: 4 }, { code: "timeout", message: "The registry did not answer within 30 s." }],
  );
  const created = await sim("POST", "/v2/company", {
    id,
    countryCode: "DE",
    dataPoints: ["company"],
    metadata: { consoleIntentId: intent!.id },
  });
  const requestId = created.json.request.requestId as string;
  await expect
    .poll(async () => (await db.query("select origin from company_requests where request_id = $1", [requestId]))[0], { timeout: 15_000 })
    .toEqual({ origin: "elsewhere" });

  await signIn(user);
  await page.goto("/requests");
  const unsettled = page.getByRole("region", { name: "Orders without a known outcome" });
  const row = unsettled.getByRole("row").filter({ hasText: `DE ${id}` });
  await expect(row).toContainText("The registry did not answer within 30 s.");
  // In words: what was asked and the quote's unit; the error's code only under Technical details.
  await expect(row).toContainText("(Company data ordered)");
  await expect(row).toContainText("4 credits");
  await expect(row.getByText("company.ordered")).toHaveCount(0);
  await unsettled.getByRole("button", { name: "Look for them again" }).click();
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: `DE ${id}` })
      .filter({ hasText: "The registry did not answer" }),
  ).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: requestId })).toContainText(user.email); // no longer "Created elsewhere"
  const [settled] = await db.query<{ status: string; request_id: string }>(
    "select status, request_id from paid_request_intents where id = $1",
    [intent!.id],
  );
  expect(settled).toEqual({ status: "ordered", request_id: requestId });
  expect(
    await db.query("select 1 from audit_log where action = 'company.order_reconciled' and details->>'requestId' = $1", [requestId]),
  ).toHaveLength(1);
});
