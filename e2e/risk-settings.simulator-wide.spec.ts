import type { RiskFacts } from "../lib/risk/risk-facts";
import { defaultRiskModel, type RiskModel } from "../lib/risk/risk-model.shared";
import { type Database, expect, test } from "./fixtures";
import { approveAsSecondAdmin } from "./second-admin";

// The model versions are shared with the specs running beside this one: the test reads the version in force first
// and expects the next number, and seeds a company of its own for the preview.

const source = { requestId: "req_e2e_risk", asOf: "2026-10-01T09:00:00.000Z" };

/**
 * A portfolio company rated Low under the model in force, with overdue accounts (10 points by default), and the weight
 * that takes it to Medium: the medium threshold (or one more, where overdue accounts already weigh that much, as after
 * portfolio-journey.simulator-wide.spec.ts).
 */
async function ratedCompanyWithOverdueAccounts(db: Database) {
  // As the re-rater does the first time: the default model becomes version 1 where none is stored.
  await db.query(
    `insert into risk_model_versions (version, model, note, published_by_email)
     select 1, $1::jsonb, 'The default model, in force until an admin publishes one.', 'system (default model)'
     where not exists (select 1 from risk_model_versions) on conflict (version) do nothing`,
    [JSON.stringify(defaultRiskModel)],
  );
  const [newest] = await db.query<{ version: number; model: RiskModel }>(
    "select version, model from risk_model_versions order by version desc limit 1",
  );
  const { version, model } = newest!;
  const companyId = `E2E-RISK-${crypto.randomUUID().slice(0, 8)}`;
  const facts: RiskFacts = {
    at: new Date().toISOString(),
    fileRevision: 1,
    sources: { company: source },
    country: "DE",
    company: {
      flags: [{ name: "accountsOverdue", since: "2026-01-01", dueDate: null }],
      status: null,
      incorporation: null,
      legalForm: null,
    },
    beneficialOwners: null,
    parties: [],
    graph: null,
    people: { ultimateBeneficialOwners: null, legalRepresentatives: null },
    changes: { ultimateBeneficialOwners: null, legalRepresentatives: null },
  };
  const points = model.rules.complianceFlags.points.accountsOverdue;
  const { medium } = model.thresholds;
  const weight = points === medium ? medium + 1 : medium;
  await db.query(
    `with connection as (select id from registry_connections where name = 'Local simulator'),
     rating as (
       insert into company_ratings (connection_id, country_code, company_id, model_version, file_revision, score, rating, reasons, inputs)
       select id, 'DE', $1, $2, 1, $3, 'low', '[]', $4::jsonb from connection returning id, connection_id)
     insert into portfolio_entries (connection_id, country_code, company_id, company_name, rating, score, rating_id, model_version)
     select connection_id, 'DE', $1, 'E2E risk preview', 'low', $3, id, $2 from rating`,
    [companyId, version, points, JSON.stringify(facts)],
  );
  return { version, points, weight };
}

test("an admin edits a weight, previews its effect and asks to publish; a second admin approves and the new version is in force", async ({
  browser,
  db,
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const { version, points, weight } = await ratedCompanyWithOverdueAccounts(db);
  const requester = await db.createUser("admin");
  await signIn(requester, page);

  await page.goto("/settings");
  await page.getByRole("link", { name: /^Risk/ }).click();
  await expect(page.getByRole("heading", { name: "Risk model", level: 1 })).toBeVisible();
  await expect(page.getByTestId("model-in-force")).toContainText(`Version ${version}`);

  const form = page.getByRole("form", { name: "Risk model" });
  const flags = form.getByRole("group", { name: "Compliance flags" });
  await expect(flags).toContainText("Each active compliance flag");
  await flags.getByLabel("Accounts overdue").fill(String(weight));
  await expect(form.getByTestId("draft-changes")).toContainText(`Compliance flags, Accounts overdue: points ${points} → ${weight}`);

  // A bad number is refused in place, and nothing is sent.
  const young = form.getByRole("group", { name: "Young company" });
  await young.getByLabel("Months since incorporation").fill("0");
  await form.getByRole("button", { name: "Preview the effect" }).click();
  await expect(form.getByRole("alert")).toHaveText("Correct the highlighted fields: nothing was sent.");
  await expect(young).toContainText("The number of months must be at least 1.");
  await young.getByLabel("Months since incorporation").fill("12");

  await form.getByRole("button", { name: "Preview the effect" }).click();
  await expect(form.getByTestId("risk-preview")).toContainText(/\d+ compan(y goes|ies go) from Low to Medium/);

  // Why this version is required.
  await form.getByRole("button", { name: "Ask to publish" }).click();
  await expect(form.getByRole("alert")).toHaveText("Correct the highlighted fields: nothing was sent.");
  await expect(form).toContainText("Say why this version.");
  await form.getByLabel("Why this version").fill("Overdue accounts weigh more after the audit");
  await form.getByRole("button", { name: "Ask to publish" }).click();
  await expect(form.getByRole("status").filter({ hasText: "Asked:" })).toContainText("waits for a second admin's approval");
  await expect(page.getByRole("note")).toContainText(`A new version asked for by ${requester.email}`);
  expect(await db.query("select 1 from risk_model_versions where version = $1", [version + 1])).toEqual([]);

  // The approver reads the change in words (the requester sees it too, without buttons).
  await page.goto("/settings/approvals");
  const item = page.locator("li[data-change-id]").filter({ hasText: "Publish a new version of the risk model" });
  await expect(item).toContainText(`Edited from version ${version}; it changes:`);
  await expect(item).toContainText(`Compliance flags, Accounts overdue: points ${points} → ${weight}`);
  await expect(item).toContainText("Overdue accounts weigh more after the audit");
  await expect(item).toContainText("You asked for this change");
  // In words: the model's API names only under Technical details.
  const shown = await item.evaluate((li) =>
    [...li.children]
      .filter((child) => !child.hasAttribute("data-technical-details"))
      .map((child) => child.textContent)
      .join(" "),
  );
  expect(shown).not.toMatch(/accountsOverdue|complianceFlags|baseVersion/);
  await expect(item.locator("[data-technical-details]")).toContainText('"accountsOverdue"');

  await approveAsSecondAdmin(browser, db, "Publish a new version of the risk model");

  await page.goto("/settings/risk");
  const inForce = page.getByTestId("model-in-force");
  await expect(inForce).toContainText(`Version ${version + 1}`);
  await expect(inForce).toContainText(requester.email);
  await expect(inForce).toContainText("Overdue accounts weigh more after the audit");
  await expect(page.getByRole("group", { name: "Compliance flags" }).getByLabel("Accounts overdue")).toHaveValue(String(weight));
  await expect(page.locator(`tr[data-version="${version + 1}"]`)).toContainText(requester.email);
});
