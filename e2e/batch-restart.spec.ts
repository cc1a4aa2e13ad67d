import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Page } from "@playwright/test";
import { freePort } from "../scripts/ports";
import { embeddedDatabaseUrl, processesWithDataDir, startLauncher, tempDataDir, type Launcher } from "../scripts/launcher-process";
import { directory } from "../simulator/data/search";
import type { SimState } from "../simulator/state";
import { expect, LoginPage, test } from "./fixtures";

// A whole console of its own (launcher, Postgres, simulator), killed and started again in the middle of a batch.
test.describe.configure({ mode: "serial", timeout: 600_000 });

/** Companies whose legal name no other company of the simulator's directory of `country` has. */
const uniqueNames = (country: "FR" | "DE" | "GB", n: number) => {
  const companies = directory(country);
  const count = new Map<string, number>();
  for (const c of companies) count.set(c.legalName, (count.get(c.legalName) ?? 0) + 1);
  return companies.filter((c) => count.get(c.legalName) === 1 && !/[;"]/.test(c.legalName)).slice(0, n);
};

/**
 * 50 rows: 42 companies by their exact names (14 each in France, Germany and the UK), 3 names several companies
 * share (ambiguous), 2 names no company has, 2 rows repeating a company above, 1 row with a country that does not exist.
 */
function customerList(): { file: { name: string; mimeType: string; buffer: Buffer }; exact: number } {
  const exact = (["FR", "DE", "GB"] as const).flatMap((country) => uniqueNames(country, 14).map((c) => [c.legalName, country]));
  const rows = [
    ...exact,
    ["Provence Logistique SARL", "FR"],
    ["Rheintal Handel GmbH", "DE"],
    ["Pennine Logistics Ltd", "GB"],
    ["Zebra Quantum Holdings", "DE"],
    ["Nowhere Existing Widgets Ltd", "GB"],
    exact[0]!,
    exact[20]!,
    ["Acme", "Atlantis"],
  ];
  expect(rows).toHaveLength(50);
  const csv = ["name;country;case reference", ...rows.map(([name, country], i) => `${name};${country};KYC-RESTART-${i + 1}`)].join("\n");
  return { file: { name: "customers-restart.csv", mimeType: "text/csv", buffer: Buffer.from(csv) }, exact: exact.length };
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const outcomes = (url: string) =>
  query<{ outcome: string; n: number }>(url, "select outcome, count(*)::int as n from batch_rows group by outcome order by outcome");

async function pickEveryAmbiguousRow(page: Page) {
  const rows = page.locator("[data-ambiguous-row]");
  await expect(rows.first()).toBeVisible({ timeout: 120_000 });
  while ((await rows.count()) > 0) {
    const number = await rows.first().getAttribute("data-ambiguous-row");
    const row = page.locator(`[data-ambiguous-row="${number}"]`);
    await row.focus();
    await page.keyboard.press("1");
    await expect(row).toHaveCount(0);
  }
}

test("a 50-row list survives the app being killed mid-batch: every row ends in one outcome, no company is ordered twice", async ({
  browser,
}) => {
  const data = tempDataDir("registry-desk-batch-restart-");
  const [port, pgPort, simPort] = [await freePort(), await freePort(), await freePort()];
  const env = {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: data.dir,
    EMBEDDED_PG_PORT: String(pgPort),
    SIM_PORT: String(simPort),
    ADMIN_EMAIL: "batches@restart.test",
    ADMIN_PASSWORD: "restart-admin-password-1",
  };
  let launcher: Launcher | undefined;
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
  try {
    launcher = startLauncher(env);
    await launcher.waitFor(/is ready at/, 300_000);
    const databaseUrl = embeddedDatabaseUrl(data.dir, pgPort);
    // 90 orders a minute: slow enough that the kill below falls in the middle of the ordering (45 orders).
    await query(
      databaseUrl,
      `insert into batch_connection_pace (connection_id, orders_per_minute) select id, 90 from registry_connections
       on conflict (connection_id) do update set orders_per_minute = 90`,
    );

    const page = await context.newPage();
    const login = new LoginPage(page);
    await login.signIn(env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    await expect(login.accountMenu()).toBeVisible({ timeout: 30_000 });

    const { file, exact } = customerList();
    await page.goto("/portfolio/import");
    await page.getByLabel("CSV file").setInputFiles(file);
    await expect(page.getByText("50 rows: 49 ready, 1 with problems")).toBeVisible();
    await page.getByRole("button", { name: "Match 49 rows" }).click();
    await expect(page).toHaveURL(/\/portfolio\/batches\/[0-9a-f-]{36}$/);
    const batchUrl = page.url();

    // The ambiguous rows, picked with the keyboard (the first candidate each time).
    await pickEveryAmbiguousRow(page);
    await expect(page.getByText(/still being priced/)).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByText("Not found in the register: 2 rows")).toBeVisible({ timeout: 60_000 });
    // Every row picked by hand is priced too (the page shows the new quote once its job has priced them).
    const toOrder = exact + 3;
    const confirm = page.getByRole("button", { name: new RegExp(`^Confirm: order ${toOrder} for at most`) });
    await expect(confirm).toBeEnabled({ timeout: 60_000 });
    await confirm.click();
    await expect(page.locator("[data-progress]")).toBeVisible();

    // Some orders out, most still waiting: kill the app server outright (no clean shutdown), as a crash would.
    await expect
      .poll(
        async () =>
          (await outcomes(databaseUrl)).filter((o) => o.outcome === "ordered" || o.outcome === "completed").reduce((s, o) => s + o.n, 0),
        {
          timeout: 120_000,
        },
      )
      .toBeGreaterThanOrEqual(5);
    const before = await outcomes(databaseUrl);
    expect(before.find((o) => o.outcome === "pending")?.n ?? 0).toBeGreaterThan(10);
    const [appServer] = processesWithDataDir(data.dir, "app-server.ts");
    expect(appServer).toBeDefined();
    process.kill(Number(appServer), "SIGKILL");
    expect(await launcher.exited).toBe(1); // the launcher stops Postgres and the simulator (which saves its state) and says why
    expect(launcher.output()).toContain("The app stopped unexpectedly");

    // Started again on the same data: the batch resumes from its rows, and the page follows it to the end.
    launcher = startLauncher(env);
    await launcher.waitFor(/is ready at/, 300_000);
    await page.goto(batchUrl);
    await expect(page.locator("[data-progress]")).toHaveAttribute("data-progress", "finished", { timeout: 300_000 });
    await expect(page.locator('[data-status="done"]')).toBeVisible();

    // Every row ends in exactly one final outcome.
    const after = await outcomes(databaseUrl);
    expect(after.filter((o) => ["pending", "sending", "ordered"].includes(o.outcome))).toEqual([]);
    expect(after.reduce((s, o) => s + o.n, 0)).toBe(50);
    expect(after.find((o) => o.outcome === "skipped")?.n).toBe(5); // 2 not found, 2 duplicates, 1 unreadable
    expect((after.find((o) => o.outcome === "completed")?.n ?? 0) + (after.find((o) => o.outcome === "unknown")?.n ?? 0)).toBe(toOrder);

    // The simulator's ledger (its state, saved as it stops): each company ordered once.
    await launcher.stop("SIGINT");
    launcher = undefined;
    const state = JSON.parse(readFileSync(path.join(data.dir, "simulator.json"), "utf8")) as SimState;
    const perCompany = new Map<string, number>();
    for (const request of Object.values(state.requests)) {
      const key = `${request.countryCode} ${request.companyId}`;
      perCompany.set(key, (perCompany.get(key) ?? 0) + 1);
    }
    expect([...perCompany].filter(([, n]) => n > 1)).toEqual([]);
    expect(perCompany.size).toBe(toOrder);
  } finally {
    await context.close();
    await launcher?.stop("SIGINT");
    data.remove();
  }
});
