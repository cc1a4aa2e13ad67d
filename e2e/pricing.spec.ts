import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import Papa from "papaparse";
import { expect, test } from "./fixtures";

// The simulator's price list (simulator/pricing.ts): CN, HK, RU, SG and VG have no UBO register, only FR, BE, DE and GB
// publish subsidiaries, and CN, HK, RU, SG, VG, MU, GG, JE and MC are in beta in its catalog.

/** The page's content has no serious or critical WCAG 2.1 AA violation (the shell around it is the accessibility sweep's). */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include("main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}: ${n.failureSummary}`))).toEqual([]);
}

test("a finance user reads the price matrix, filters it, compares two countries and downloads it", async ({ page, db, signIn }) => {
  test.setTimeout(240_000); // four axe sweeps of the 40-country matrix: past 2 min in a loaded fresh-clone CI run
  const finance = await db.createUser("finance");
  await signIn(finance);
  await page.goto("/pricing");
  await expect(page.getByRole("heading", { name: "Pricing", level: 1 })).toBeVisible();
  await expect(page.getByText(/Prices are in credits/)).toBeVisible();

  // Every country, with its marks.
  const matrix = page.getByTestId("price-matrix");
  await expect(matrix.locator("tr[data-country]")).toHaveCount(40);
  await expect(matrix.locator('tr[data-country="VG"]').getByRole("rowheader")).toContainText("British Virgin Islands");
  await expect(matrix.locator('tr[data-country="VG"] [data-development-status="beta"]')).toHaveText("Beta");
  await expect(matrix.locator('tr[data-country="FR"] [data-development-status]')).toHaveCount(0);
  await expect(matrix.locator('[data-cell="CN:ultimateBeneficialOwners"]')).toHaveText("Unavailable");
  await expect(matrix.locator('[data-cell="FR:legalRepresentatives"]')).toHaveText("Included with Company profile");
  await expect(matrix.locator('[data-cell="FR:availableDocuments:verification"]')).toHaveText("Free");
  await expect(matrix.locator('[data-cell="FR:company:verification"]')).toHaveText("4");
  await expect(matrix.locator('[data-cell="FR:company:onboarding"]')).toHaveText("2* (indicative)");
  await expect(matrix.locator('tr[data-country="FR"]')).toContainText("List of available documents");
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "light" });

  // Filter: several countries at once, one datapoint; the URL holds them.
  await page.getByText("Countries: All countries").click();
  await page.getByRole("checkbox", { name: "Germany (DE)" }).check();
  await page.getByRole("checkbox", { name: "France (FR)" }).check();
  await page.getByRole("combobox", { name: /^Datapoint/ }).selectOption("subsidiaries");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/pricing\?datapoint=subsidiaries(&country=(DE|FR)){2}$/);
  await expect(page.getByText("Countries: 2 chosen")).toBeVisible();
  await expect(matrix.locator("tr[data-country]")).toHaveCount(2);
  await page.getByText("Countries: 2 chosen").click();
  await page.getByRole("checkbox", { name: "France (FR)" }).uncheck();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/pricing\?datapoint=subsidiaries&country=DE$/);
  await expect(page.getByText("Countries: Germany (DE)")).toBeVisible();
  await expect(matrix.locator("tr[data-country]")).toHaveCount(1);
  await expect(matrix.getByRole("columnheader", { name: "Subsidiaries" })).toBeVisible();
  await expect(matrix.getByRole("columnheader", { name: "Shareholders" })).toHaveCount(0);
  await expect(matrix.locator('[data-cell="DE:subsidiaries:verification"]')).not.toHaveText("Unavailable");

  // Compare two countries side by side (the datapoint filter goes along), the differences marked in words.
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(matrix.locator("tr[data-country]")).toHaveCount(40);
  await page.getByRole("combobox", { name: /^First country/ }).selectOption("FR");
  await page.getByRole("combobox", { name: /^Second country/ }).selectOption("CN");
  await page.getByRole("button", { name: "Compare" }).click();
  await expect(page).toHaveURL(/\/pricing\?compare=FR&compare=CN$/);
  const comparison = page.getByTestId("price-comparison");
  await expect(page.getByRole("heading", { name: "France and China" })).toBeVisible();
  const line = (key: string) => comparison.locator(`tr[data-line="${key}"]`);
  await expect(line("status")).toHaveAttribute("data-differs", "true");
  await expect(line("status").getByRole("cell")).toHaveText(["Live", "Beta", "Differs"]);
  await expect(line("ultimateBeneficialOwners:verification").getByRole("cell")).toHaveText([/credits$/, "Unavailable", "Differs"]);
  await expect(line("legalRepresentatives:verification")).toHaveAttribute("data-differs", "false");
  await expect(line("legalRepresentatives:verification").getByRole("cell").last()).toHaveText("Same");
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expectAccessible(page);

  // The download holds what the view shows: the two countries, in credits; it is audited.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^registry-desk-pricing-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...lines] = Papa.parse<string[]>(await readFile((await download.path())!, "utf8"), { skipEmptyLines: true }).data;
  expect(header!.slice(0, 8)).toEqual([
    "country",
    "country name",
    "development status",
    "datapoint",
    "block",
    "mode",
    "status",
    "price (credits)",
  ]);
  expect(new Set(lines.map((l) => l[0]))).toEqual(new Set(["FR", "CN"]));
  expect(lines.find((l) => l[0] === "CN" && l[3] === "ultimateBeneficialOwners" && l[5] === "verification")!.slice(2, 7)).toEqual([
    "beta",
    "ultimateBeneficialOwners",
    "ubo",
    "verification",
    "unavailable",
  ]);
  expect(lines.find((l) => l[0] === "FR" && l[3] === "company" && l[5] === "verification")![7]).toBe("4");
  const audited = await db.query<{ details: { countries: string[] } }>(
    "select details from audit_log where action = 'pricing.exported' and actor_email = $1",
    [finance.email],
  );
  expect(audited.map((a) => a.details.countries)).toEqual([["FR", "CN"]]);
});

test("the filters work without JavaScript, and a value the page cannot read is named and left out", async ({
  browser,
  page,
  db,
  signIn,
}) => {
  // Signed in, then the same session in a browser without JavaScript.
  await signIn(await db.createUser("compliance"));
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, javaScriptEnabled: false });
  try {
    await context.addCookies(await page.context().cookies());
    const withoutScripts = await context.newPage();
    await withoutScripts.goto("/pricing?country=FR,XX");
    await expect(withoutScripts.getByRole("alert").filter({ hasText: "left out" })).toHaveText(
      '"XX" is not one of the 40 countries the registry prices: it was left out.',
    );
    const matrix = withoutScripts.getByTestId("price-matrix");
    await expect(matrix.locator("tr[data-country]")).toHaveCount(1);
    await withoutScripts.getByRole("combobox", { name: /^Datapoint/ }).selectOption("ultimateBeneficialOwners");
    await withoutScripts.getByRole("button", { name: "Apply" }).click();
    await expect(withoutScripts).toHaveURL(/\/pricing\?datapoint=ultimateBeneficialOwners&country=FR$/);
    await expect(matrix.locator('[data-cell="FR:ultimateBeneficialOwners:verification"]')).toHaveText(/^\d/);
  } finally {
    await context.close();
  }
});
