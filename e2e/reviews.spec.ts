import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { dayWords } from "../lib/reviews/review-dates.shared";
import { expect, gotoInteractive, test, type Database } from "./fixtures";
import { portfolioCompany } from "./portfolio-rows";
import { monthsAfter } from "./review-cycle";

// Both change the review policy or depend on it: one at a time.
test.describe.configure({ mode: "serial" });

const unique = () => crypto.randomUUID().slice(0, 8).toUpperCase();

/** The company's reviews as stored, oldest first. */
const reviewsOf = (db: Database, companyId: string) =>
  db.query<{ outcome: string; comment: string; reviewed_by_email: string; reviewed_at: Date; next_review_due: Date }>(
    "select outcome, comment, reviewed_by_email, reviewed_at, next_review_due from company_reviews where company_id = $1 order by id",
    [companyId],
  );

async function markReviewed(page: Page, outcome: RegExp, comment: string) {
  const panel = page.getByTestId("review-panel");
  await panel.getByRole("radio", { name: outcome }).check();
  await panel.getByLabel("Comment").fill(comment);
  await panel.getByRole("button", { name: "Mark reviewed" }).click();
}

test("a compliance officer marks a company reviewed from its page: warned of old data first, the next due date follows the policy, the queue empties", async ({
  page,
  db,
  signIn,
}) => {
  test.setTimeout(120_000);
  const officer = await db.createUser("compliance");
  const name = `Review Journey ${unique()} Ltd`;
  const { companyId } = await portfolioCompany(db, {
    companyId: `E2E-REV-${unique()}`,
    name,
    asOfDaysAgo: 120,
    rating: "medium",
    ownerId: officer.id,
    dueDaysFromNow: -5,
  });
  await signIn(officer);

  // The home page's queue: the company, overdue, and a link to the whole list in the portfolio.
  await gotoInteractive(page, "/");
  const card = page.getByRole("region", { name: "My reviews" });
  const item = card.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("Medium risk");
  await expect(item).toContainText("5 days overdue");
  await expect(card.getByRole("link", { name: "All my reviews due within 30 days" })).toHaveAttribute(
    "href",
    "/portfolio?owner=me&due=due30",
  );
  await expect(card.getByRole("link", { name: "1 overdue" })).toHaveAttribute("href", "/portfolio?owner=me&due=overdue");
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).include("main").analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  await item.getByRole("link", { name }).click();
  const panel = page.getByTestId("review-panel");
  await expect(panel.getByTestId("review-summary")).toHaveText("Never reviewed.");

  // Data 120 days old against the policy's 90: a warning first, with the way to a priced refresh; nothing written yet.
  await markReviewed(page, /^Keep/, "Annual check: nothing of concern.");
  const warning = panel.getByTestId("stale-data-warning");
  const asOf = new Date(Date.now() - 120 * 86_400_000);
  await expect(warning).toContainText(`This company's data is from ${dayWords(asOf)}, 120 days ago.`);
  await warning.getByRole("link", { name: "Refresh the data first" }).click();
  await expect(page.locator("#order-heading")).toBeInViewport();
  await expect(page.getByTestId("order-total")).toContainText("credits");
  expect(await reviewsOf(db, companyId)).toEqual([]);

  await warning.getByRole("button", { name: "Review anyway" }).click();
  await expect(panel.getByTestId("review-summary")).toContainText("Reviewed: Keep — next review due");
  await expect.poll(async () => (await reviewsOf(db, companyId)).length).toBe(1);
  const [review] = await reviewsOf(db, companyId);
  expect(review).toMatchObject({ outcome: "keep", comment: "Annual check: nothing of concern.", reviewed_by_email: officer.email });
  // Medium risk: reviewed every 24 months by default.
  expect(review!.next_review_due).toEqual(monthsAfter(review!.reviewed_at, 24));
  await expect(panel.getByTestId("review-summary")).toContainText(
    `Reviewed: Keep — next review due ${dayWords(monthsAfter(review!.reviewed_at, 24))} · by ${officer.email}`,
  );
  const timeline = page.getByTestId("company-timeline");
  await expect(timeline.getByRole("listitem").filter({ hasText: "Reviewed: Keep" })).toContainText("Annual check: nothing of concern.");

  // No longer due within 30 days: out of the queue.
  await gotoInteractive(page, "/");
  await expect(page.getByRole("region", { name: "My reviews" })).not.toContainText(name);
});

test("an admin changes the review policy and the company's next due date moves with it", async ({ page, db, signIn }) => {
  test.setTimeout(120_000);
  const name = `Policy Journey ${unique()} Ltd`;
  const { companyId } = await portfolioCompany(db, {
    companyId: `E2E-POL-${unique()}`,
    name,
    asOfDaysAgo: 2,
    rating: "medium",
    dueDaysFromNow: 0,
  });
  await signIn(await db.createUser("admin"));
  const companyPage = `/companies/GB/${encodeURIComponent(companyId)}`;

  // Fresh data: reviewed at once, no warning.
  await gotoInteractive(page, companyPage);
  await markReviewed(page, /^Enhanced due diligence/, "Ownership changes to follow.");
  await expect.poll(async () => (await reviewsOf(db, companyId)).length).toBe(1);
  const [review] = await reviewsOf(db, companyId);
  const summary = page.getByTestId("review-summary");
  await expect(summary).toContainText(`next review due ${dayWords(monthsAfter(review!.reviewed_at, 24))}`);

  // Settings → Reviews: medium risk every 6 months.
  await gotoInteractive(page, "/settings");
  await page.getByRole("link", { name: /^Reviews/ }).click();
  await expect(page.getByRole("heading", { name: "Review policy", level: 1 })).toBeVisible();
  const form = page.getByRole("form", { name: "Review policy" });
  const medium = form.getByLabel("Medium risk: review every (months)");
  await expect(medium).toHaveValue("24");
  // A bad figure is refused in words, nothing saved.
  await medium.fill("0");
  await form.getByRole("button", { name: "Save the policy" }).click();
  await expect(form.getByText("Months for medium risk must be at least 1.")).toBeVisible();
  await medium.fill("6");
  await form.getByRole("button", { name: "Save the policy" }).click();
  await expect(form.getByRole("status")).toContainText("moved to follow the policy");

  const moved = monthsAfter(review!.reviewed_at, 6);
  const [entry] = await db.query<{ next_review_due: Date }>("select next_review_due from portfolio_entries where company_id = $1", [
    companyId,
  ]);
  expect(entry!.next_review_due).toEqual(moved);
  await gotoInteractive(page, companyPage);
  await expect(page.getByTestId("review-due")).toContainText(`Next review due: ${dayWords(moved)}`);
  const [audit] = await db.query<{ details: Record<string, unknown> }>(
    "select details from audit_log where action = 'review.policy_changed' order by id desc limit 1",
  );
  expect(audit!.details).toMatchObject({ mediumMonths: "every 24 months → every 6 months" });

  // Back to the defaults for the specs that follow.
  await gotoInteractive(page, "/settings/reviews");
  await form.getByLabel("Medium risk: review every (months)").fill("24");
  await form.getByRole("button", { name: "Save the policy" }).click();
  await expect(form.getByRole("status")).toContainText("Saved.");
});
