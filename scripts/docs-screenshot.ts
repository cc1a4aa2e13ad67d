/**
 * `npm run docs:screenshot`: takes the README's screenshot (docs/images/portfolio.png) from the real app. It starts
 * Registry Desk through its own launcher (building it when the build is stale) on free ports with a throwaway
 * embedded Postgres and the simulator, as `npm run test:e2e` does; a compliance officer orders a few of the
 * simulator's test companies through the console's order panel; once the re-rater has rated them, the officer's
 * /portfolio is photographed in Chromium. Everything it started is stopped and its data deleted.
 */
import { chromium, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { hashPassword } from "../lib/auth/password";
import { ensureBrowser, launchPath } from "./check-browser";
import { embeddedDatabaseUrl, startThrowawayConsole } from "./launcher-process";

const root = path.resolve(import.meta.dirname, "..");
const output = path.join(root, "docs", "images", "portfolio.png");

/** Simulator test companies, each with a risk feature of its own (docs/simulator.md lists them). */
const companies = [
  ["GB", "FLAG_ACCOUNTS_OVERDUE"],
  ["DE", "OWNERSHIP_DIAMOND"],
  ["FR", "NO_UBO"],
  ["NL", "FOREIGN_OWNERS"],
  ["GB", "INSOLVENT"],
  ["LU", "UBO_PROXY"],
  ["IE", "YOUNG"],
  ["GB", "FLAG_REGISTERED_CHARGES"],
] as const;

/** Orders a company's full KYB dossier from its page, under a case reference, and waits for the dossier to complete. */
async function order(page: Page, origin: string, [country, id]: readonly [string, string], caseReference: string) {
  await page.goto(`${origin}/companies/${country}/${id}`);
  await page.getByRole("button", { name: "Full KYB dossier" }).click();
  await page.getByLabel("Case reference (kept with the request)").fill(caseReference);
  await page.getByRole("button", { name: /^Order for/ }).click();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: /Spend up to/ })
    .click();
  await page.waitForURL(/\/requests\/req_/);
  await page.getByText("This request is complete").waitFor({ timeout: 60_000 });
}

async function main(): Promise<number> {
  const browserProblem = ensureBrowser();
  if (browserProblem) {
    console.error(browserProblem);
    return 1;
  }
  const { launcher, data, port, pgPort } = await startThrowawayConsole("registry-desk-screenshot-", {
    SIM_CHAOS_DUPLICATE_RATE: "0",
    SIM_CHAOS_REORDER_MS: "0",
    ADMIN_EMAIL: "admin@registry-desk.local",
    ADMIN_PASSWORD: `pw-${randomUUID()}`,
  });
  try {
    await launcher.waitFor(/Registry Desk is ready at/, 900_000);
    const origin = `http://127.0.0.1:${port}`;
    const database = new pg.Pool({ connectionString: embeddedDatabaseUrl(data.dir, pgPort), max: 1 });
    const officer = { email: "maria.keller@registry-desk.local", password: `pw-${randomUUID()}` };
    await database.query(
      `insert into users (email, name, role, password_hash, must_change_password) values ($1, 'Maria Keller', 'compliance', $2, false)`,
      [officer.email, await hashPassword(officer.password)],
    );

    const browser = await chromium.launch({ executablePath: launchPath() });
    try {
      const page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, colorScheme: "light" });
      page.setDefaultTimeout(60_000);
      await page.goto(`${origin}/login`);
      await page.getByLabel("Email").fill(officer.email);
      await page.getByLabel("Password").fill(officer.password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL(`${origin}/`);

      for (const [index, company] of companies.entries())
        await order(page, origin, company, `KYC-2026-${String(141 + index).padStart(4, "0")}`);

      // The re-rater rates each company file after its write; wait until every ordered company has its rating.
      for (let tries = 0; ; tries++) {
        const { rows } = await database.query<{ rated: string }>(
          "select count(*) as rated from portfolio_entries where rating is not null",
        );
        if (Number(rows[0]!.rated) >= companies.length) break;
        if (tries >= 120) throw new Error(`Only ${rows[0]!.rated} of ${companies.length} companies were rated within 2 minutes.`);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      // Ratings that follow a file's last write land within the re-rater's next pass.
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      await page.goto(`${origin}/portfolio`);
      await page.locator("table").first().waitFor();
      await page.locator('[data-live-status="open"]').waitFor();
      await page.screenshot({ path: output });
      console.log(`[screenshot] wrote ${path.relative(root, output)}`);
    } finally {
      await browser.close();
      await database.end();
    }
    return 0;
  } finally {
    await launcher.stop("SIGINT");
    data.remove();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
