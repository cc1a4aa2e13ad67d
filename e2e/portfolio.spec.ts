import Papa from "papaparse";
import { gotoInteractive, expect, test } from "./fixtures";
import { arrangePortfolio } from "./portfolio-entries";

test("a compliance officer filters the portfolio by rating, exports it, and marks a company customer from its page", async ({
  page,
  db,
  signIn,
}) => {
  test.setTimeout(120_000);
  const { high, low } = await arrangePortfolio(db);
  const officer = await db.createUser("compliance");
  await signIn(officer);
  await gotoInteractive(page, "/portfolio");
  await expect(page.getByRole("heading", { name: "Portfolio", level: 1 })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: low.name })).toBeVisible();

  // Filtered by rating: the high-risk company with its reasons and its overdue review; the low-risk one gone.
  await page.getByLabel("Risk rating").selectOption("high");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]rating=high/);
  const row = page.getByRole("row").filter({ hasText: high.name });
  await expect(row).toContainText("High risk");
  await expect(row).toContainText("score 70");
  await expect(row).toContainText("The register reports the company liquidated. (+40)");
  await expect(row).toContainText(/overdue by 3,?\d* days/);
  await expect(row).toContainText("Liquidated");
  await expect(row).toContainText("Never reviewed");
  await expect(page.getByRole("row").filter({ hasText: low.name })).toHaveCount(0);

  // The export holds what the filter shows, in words.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^registry-desk-portfolio-\d{4}-\d{2}-\d{2}\.csv$/);
  let csv = "";
  for await (const chunk of await download.createReadStream()) csv += chunk;
  const [header, ...lines] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
  expect(header!.slice(0, 4)).toEqual(["company", "country", "company number", "risk rating"]);
  expect(lines.find((line) => line[2] === high.id)?.slice(0, 5)).toEqual([high.name, "GB", high.id, "High", "70"]);
  expect(lines.some((line) => line[2] === low.id)).toBe(false);
  expect((await db.query("select 1 from audit_log where action = 'portfolio.exported' and actor_email = $1", [officer.email])).length).toBe(
    1,
  );

  // On the company's page: the risk panel with the reasons' evidence; the Customer switch answers at once.
  await row.getByRole("link", { name: high.name }).click();
  await expect(page).toHaveURL(new RegExp(`/companies/GB/${high.id}$`));
  const panel = page.getByTestId("risk-panel");
  await expect(panel).toContainText("High risk");
  await expect(panel).toContainText("score 70 · model version 1");
  await expect(panel.getByRole("list", { name: "Reasons for the rating" })).toContainText("The register reports the company liquidated.");
  await expect(panel.getByRole("link", { name: "request req_e2e_portfolio" })).toBeVisible();
  const customer = panel.getByRole("switch", { name: "Customer" });
  await expect(customer).toHaveAttribute("aria-checked", "false");
  await customer.click();
  await expect(customer).toHaveAttribute("aria-checked", "true");
  await expect(panel.getByRole("status")).toHaveText("Marked customer.");
  await expect
    .poll(
      async () =>
        (await db.query<{ customer: boolean }>("select customer from portfolio_entries where company_id = $1", [high.id]))[0]?.customer,
    )
    .toBe(true);
  expect(
    await db.query("select target from audit_log where action = 'portfolio.customer_changed' and actor_email = $1", [officer.email]),
  ).toEqual([{ target: `GB:${high.id}` }]);
  await expect(page.getByTestId("rating-history")).toContainText("score 70 · model version 1");
});

test("an auditor reads the portfolio and a company's risk without any action", async ({ browser, db, signIn }) => {
  const { high } = await arrangePortfolio(db);
  const auditor = await db.createUser("auditor");
  const page = await (await browser.newContext()).newPage();
  await signIn(auditor, page);
  await gotoInteractive(page, "/portfolio?rating=high");
  await expect(page.getByRole("row").filter({ hasText: high.name })).toContainText("High risk");
  await expect(page.getByRole("link", { name: "Export CSV" })).toBeVisible();

  await gotoInteractive(page, `/companies/GB/${high.id}`);
  const panel = page.getByTestId("risk-panel");
  await expect(panel).toContainText("High risk");
  await expect(panel).toContainText("Not marked customer");
  await expect(panel).toContainText("Owner: nobody");
  await expect(panel.getByRole("switch")).toHaveCount(0);
  await expect(panel.getByRole("button")).toHaveCount(0);
  await expect(panel.getByText("Pin the rating by hand")).toHaveCount(0);
});

test("an admin pins a company's rating by hand with a reason, and the portfolio shows it pinned", async ({ page, db, signIn }) => {
  const { high } = await arrangePortfolio(db);
  const admin = await db.createUser("admin");
  await signIn(admin);
  await gotoInteractive(page, `/companies/GB/${high.id}`);
  const panel = page.getByTestId("risk-panel");
  await panel.getByText("Pin the rating by hand").click();
  const form = panel.getByRole("form", { name: "Pin the rating by hand" });
  await form.getByLabel("Rating").selectOption("medium");

  // No reason: refused in the browser, nothing sent, the choice kept.
  await form.getByRole("button", { name: "Pin rating" }).click();
  await expect(form).toContainText("Write why the rating is pinned.");
  await expect(panel.getByRole("alert")).toHaveText("Correct the highlighted fields: nothing was sent.");
  await expect(form.getByLabel("Rating")).toHaveValue("medium");
  expect(await db.query("select 1 from audit_log where action = 'risk.rating_pinned' and actor_email = $1", [admin.email])).toEqual([]);

  await form.getByLabel(/^Why/).fill("Known to the team: the liquidation was a solvent reorganisation.");
  await form.getByRole("button", { name: "Pin rating" }).click();
  await expect(panel.getByTestId("rating-pin")).toContainText(`Pinned by hand at Medium risk by ${admin.email}`);
  await expect(panel.getByTestId("rating-pin")).toContainText("The computed rating is High (score 70).");
  await expect(panel.getByRole("status")).toHaveText("Rating pinned: Medium.");
  await expect
    .poll(
      async () =>
        (await db.query<{ pinned_rating: string }>("select pinned_rating from portfolio_entries where company_id = $1", [high.id]))[0],
    )
    .toEqual({ pinned_rating: "medium" });

  await gotoInteractive(page, "/portfolio?rating=medium");
  await expect(page.getByRole("row").filter({ hasText: high.name })).toContainText("Medium risk · pinned by hand");
});
