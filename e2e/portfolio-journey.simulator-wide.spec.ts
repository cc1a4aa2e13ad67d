import type { Locator, Page } from "@playwright/test";
import { dayWords } from "../lib/reviews/review-dates.shared";
import type { RiskModel } from "../lib/risk/risk-model.shared";
import { type Database, expect, gotoInteractive, test } from "./fixtures";
import { orderedCompanyBlock, orderedDossier } from "./ordered-dossier";
import { monthsAfter } from "./review-cycle";
import { approveAsSecondAdmin } from "./second-admin";
import { sim } from "./simulator-api";

// The portfolio journey, on the simulator: an admin publishes a model version (a second admin approves), a
// compliance officer's portfolio rates three ordered companies with their reasons, a webhook that adds a compliance
// flag raises a rating live and opens a risk alert, and the officer's review sets the next due date from the policy.
// Simulator-wide: publishing a version re-rates every company of the app under test. The version and the weights in
// force are read first, so a version published before (e.g. by risk-settings.simulator-wide.spec.ts) changes nothing.

type Rating = "low" | "medium" | "high";
const ratingWords: Record<Rating, string> = { low: "Low", medium: "Medium", high: "High" };
const ratingOf = (score: number, { medium, high }: RiskModel["thresholds"]): Rating =>
  score >= high ? "high" : score >= medium ? "medium" : "low";
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Three companies of the simulator's special ids (any country), each with its one risk feature. */
const plain = "OWNERSHIP_DIAMOND"; // an otherwise plain company: no rule gives it points
const overdue = "FLAG_ACCOUNTS_OVERDUE"; // the one weight the admin raises
const noOwner = "NO_UBO";

const requestsComplete = async (db: Database, requestIds: string[]) =>
  (await db.query("select 1 from company_requests where request_id = any($1) and complete", [requestIds])).length;

const portfolioRow = (page: Page, id: string) => page.locator(`tr[data-company="GB:${id}"]`);
/** A portfolio row's top reasons (its risk cell's list). */
const reasonsIn = (row: Locator) => row.locator('td[data-column="risk"]').getByRole("listitem");

test("an admin publishes a model, the portfolio rates ordered companies with reasons, a flag raises a rating live and alerts, and a review sets the next due date", async ({
  browser,
  db,
  page,
  signIn,
}) => {
  test.setTimeout(300_000);

  // 1. An admin raises the weight of overdue accounts, previews, and asks to publish; a second admin approves.
  const admin = await db.createUser("admin");
  await signIn(admin, page);
  await gotoInteractive(page, "/settings");
  await page.getByRole("link", { name: /^Risk/ }).click();
  await expect(page.getByRole("heading", { name: "Risk model", level: 1 })).toBeVisible();
  const inForce = page.getByTestId("model-in-force");
  const before = Number((await inForce.textContent())?.match(/Version (\d+)/)?.[1] ?? 0);
  const form = page.getByRole("form", { name: "Risk model" });
  const accountsOverdue = form.getByRole("group", { name: "Compliance flags" }).getByLabel("Accounts overdue");
  const points = Number(await accountsOverdue.inputValue());
  const weight = points + 10;
  await accountsOverdue.fill(String(weight));
  await expect(form.getByTestId("draft-changes")).toContainText(`Compliance flags, Accounts overdue: points ${points} → ${weight}`);
  await form.getByRole("button", { name: "Preview the effect" }).click();
  await expect(form.getByTestId("risk-preview")).toContainText(/rating/);
  const note = `Overdue accounts weigh ${weight} points (journey ${crypto.randomUUID().slice(0, 8)})`;
  await form.getByLabel("Why this version").fill(note);
  await form.getByRole("button", { name: "Ask to publish" }).click();
  await expect(form.getByRole("status").filter({ hasText: "Asked:" })).toContainText("waits for a second admin's approval");
  await approveAsSecondAdmin(browser, db, "Publish a new version of the risk model");
  await gotoInteractive(page, "/settings/risk");
  const version = before + 1;
  await expect(inForce).toContainText(`Version ${version}`);
  await expect(inForce).toContainText(note);
  await expect(accountsOverdue).toHaveValue(String(weight));
  const [published] = await db.query<{ model: RiskModel }>("select model from risk_model_versions where version = $1", [version]);
  const { rules, thresholds } = published!.model;
  expect(rules.complianceFlags.points.accountsOverdue).toBe(weight);

  // 2. A compliance officer's portfolio: three ordered companies, each with its rating, score and reasons.
  const officerContext = await browser.newContext();
  const officerPage = await officerContext.newPage();
  const officer = await db.createUser("compliance");
  await signIn(officer, officerPage);
  // Ordered under a case reference of this run, and the portfolio narrowed to it: the whole suite's companies share this
  // app, and these three could fall past the first page of 50.
  const caseReference = `journey-${crypto.randomUUID().slice(0, 8)}`;
  const journeyPortfolio = `/portfolio?caseReference=${caseReference}`;
  const orders = await Promise.all([plain, overdue, noOwner].map((id) => orderedDossier(db, "GB", id, { caseReference })));
  await expect.poll(() => requestsComplete(db, orders), { timeout: 90_000 }).toBe(orders.length);

  await gotoInteractive(officerPage, journeyPortfolio);
  await expect(officerPage.getByRole("heading", { name: "Portfolio", level: 1 })).toBeVisible();
  const plainRow = portfolioRow(officerPage, plain);
  await expect(plainRow).toContainText("Low risk", { timeout: 30_000 });
  await expect(plainRow).toContainText("score 0");
  const overdueRow = portfolioRow(officerPage, overdue);
  await expect(overdueRow).toContainText(`${ratingWords[ratingOf(weight, thresholds)]} risk`, { timeout: 30_000 });
  await expect(overdueRow).toContainText(`score ${weight}`);
  await expect(reasonsIn(overdueRow)).toHaveText([
    new RegExp(`^Accounts overdue since .+, due .+ \\(Company profile, as of .+, request ${escaped(orders[1]!)}\\): \\+${weight}\\.$`),
  ]);
  const noOwnerPoints = rules.noBeneficialOwner.points;
  const noOwnerRow = portfolioRow(officerPage, noOwner);
  await expect(noOwnerRow).toContainText(`${ratingWords[ratingOf(noOwnerPoints, thresholds)]} risk`, { timeout: 30_000 });
  await expect(reasonsIn(noOwnerRow)).toHaveText([
    new RegExp(
      `^No beneficial owner identified \\(Ultimate beneficial owners, as of .+, request ${escaped(orders[2]!)}\\): \\+${noOwnerPoints}\\.$`,
    ),
  ]);
  const plainName = (await plainRow.getByRole("link").first().textContent())!;
  const noOwnerName = (await noOwnerRow.getByRole("link").first().textContent())!;

  // The company page's risk panel names the new version.
  await overdueRow.getByRole("link").first().click();
  await expect(officerPage).toHaveURL(new RegExp(`/companies/GB/${overdue}$`));
  const panel = officerPage.getByTestId("risk-panel");
  await expect(panel).toContainText(`score ${weight} · model version ${version}`);
  await expect(panel.getByRole("list", { name: "Reasons for the rating" })).toContainText("Accounts overdue since");

  // 3. With the portfolio open, the registry adds a compliance flag to the plain company; the re-order's webhook raises
  // its rating on the page live, without a reload.
  await gotoInteractive(officerPage, journeyPortfolio);
  await expect(plainRow).toContainText("Low risk");
  await officerPage.evaluate(() => Object.assign(window, { journeyMarker: "the page was not reloaded" }));
  const flagsBefore = (await sim("GET", `/v2/company/${encodeURIComponent(orders[0]!)}`)).json.company.complianceFlags ?? {};
  const flagged = await sim("POST", "/v2/sandbox/companies", {
    countryCode: "GB",
    id: plain,
    company: { complianceFlags: { ...flagsBefore, accountsOverdue: { active: true, dueDate: "2026-06-30", since: "2026-07-01" } } },
  });
  expect(flagged.status).toBe(201);
  const reorder = await orderedCompanyBlock(db, plain);
  const raised = ratingOf(weight, thresholds);
  expect(raised).not.toBe("low");
  const raisedReason = `Accounts overdue since 1 July 2026, due 30 June 2026 (Company profile, as of`;
  await expect(plainRow).toContainText(`${ratingWords[raised]} risk`, { timeout: 30_000 });
  await expect(plainRow).toContainText(`score ${weight}`);
  await expect(reasonsIn(plainRow).first()).toContainText(raisedReason);
  await expect(reasonsIn(plainRow).first()).toContainText(`request ${reorder}): +${weight}.`);
  expect(await officerPage.evaluate(() => (window as { journeyMarker?: string }).journeyMarker)).toBe("the page was not reloaded");

  // A risk alert for it in the inbox, reading why; none for the company whose owners merely arrived after its profile.
  await gotoInteractive(officerPage, "/alerts");
  const alertRow = officerPage.getByRole("row").filter({ hasText: plainName });
  await expect(alertRow).toContainText("risk rating · 1 rise");
  await expect(officerPage.getByRole("row").filter({ hasText: noOwnerName })).toHaveCount(0);
  await alertRow.getByRole("link", { name: plainName }).click();
  await expect(officerPage.getByTestId("alert-timeline")).toContainText(
    `Risk rating increased from Low to ${ratingWords[raised]}: ${raisedReason}`,
  );

  // 4. The officer marks it reviewed from its page; the next review is due the policy's months for its rating from today.
  await gotoInteractive(page, "/settings/reviews");
  const months = Number(
    await page.getByRole("form", { name: "Review policy" }).getByLabel(`${ratingWords[raised]} risk: review every (months)`).inputValue(),
  );
  await officerPage.getByRole("link", { name: "company file" }).click();
  await expect(officerPage).toHaveURL(new RegExp(`/companies/GB/${plain}$`));
  const review = officerPage.getByTestId("review-panel");
  await expect(review.getByTestId("review-summary")).toHaveText("Never reviewed.");
  await review.getByRole("radio", { name: /^Keep/ }).check();
  await review.getByLabel("Comment").fill("Overdue accounts chased with the company; relationship kept.");
  const today = new Date();
  await review.getByRole("button", { name: "Mark reviewed" }).click();
  const due = monthsAfter(today, months);
  await expect(review.getByTestId("review-summary")).toContainText(
    `Reviewed: Keep — next review due ${dayWords(due)} · by ${officer.email}`,
  );
  await expect(review.getByTestId("review-due")).toHaveText(`Next review due: ${dayWords(due)}`);
  await expect(officerPage.getByTestId("risk-panel")).toContainText(`(${due.toISOString().slice(0, 10)})`);

  await gotoInteractive(officerPage, journeyPortfolio);
  await expect(plainRow).toContainText(due.toISOString().slice(0, 10));
  await expect(plainRow).toContainText(`by ${officer.email}`);
  await expect(plainRow).toContainText("Keep");
  await officerContext.close();
});
