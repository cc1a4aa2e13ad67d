import { expect, gotoInteractive, test, type Database } from "./fixtures";
import { postSignedWebhook } from "./monitor-notification";

/** A `company.updated` for a request made by another client of the account, signed as the registry signs it. */
async function postCompanyUpdate(db: Database, version: number, complianceFlags: Record<string, unknown>) {
  const body = JSON.stringify({
    type: "company.updated",
    request: {
      requestId: "req_e2e_risk_alert",
      version,
      companyId: "RISK-E2E-1",
      countryCode: "GB",
      dataPoints: ["company"],
      dataStatus: { dataPoints: { company: { status: "succeeded" } }, documents: {} },
    },
    company: { legalName: "Rising Risk Ltd", status: { active: true, statusDetails: { status: "ACTIVE" } }, complianceFlags },
  });
  await postSignedWebhook(db, body);
}

const ratingOf = async (db: Database) =>
  (await db.query<{ rating: string | null }>("select rating from portfolio_entries where company_id = 'RISK-E2E-1'"))[0]?.rating ?? null;

test("a webhook that adds compliance flags raises the company's rating in the background and opens a risk alert that reads as such", async ({
  page,
  db,
  signIn,
}) => {
  test.setTimeout(90_000);
  await postCompanyUpdate(db, 1, {});
  await expect.poll(() => ratingOf(db), { timeout: 20_000 }).toBe("low");
  await postCompanyUpdate(db, 2, { liquidated: { active: true }, insolvencyHistory: { active: true, since: "2025-01-10" } });
  await expect.poll(() => ratingOf(db), { timeout: 20_000 }).toBe("high");

  await signIn(await db.createUser("compliance"));
  await gotoInteractive(page, "/alerts");
  const row = page.getByRole("row").filter({ hasText: "Rising Risk Ltd" });
  await expect(row).toContainText("risk rating · 1 rise");
  await row.getByRole("link", { name: "Rising Risk Ltd" }).click();
  await expect(page.getByTestId("alert-timeline")).toContainText(
    /Risk rating increased from Low to High: Liquidated \(Company profile, as of .+, request req_e2e_risk_alert\): \+40\. Insolvency history since 10 January 2025/,
  );
  await expect(page.getByRole("link", { name: "company file" })).toHaveAttribute("href", "/companies/GB/RISK-E2E-1");
  await expect(page.getByRole("link", { name: "See what changed" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: /Notifications/ })).toHaveCount(0);
});
