import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";

/** A customer list for the page's file input; `tag` (an ignored column) makes it a file this run has not uploaded. */
const listFile = (tag: string) => ({
  name: `customers-${tag}.csv`,
  mimeType: "text/csv",
  buffer: Buffer.from(
    [
      "Company Name;Country;Registration No.;Case Ref;note",
      `Thomas Robert EI;France;;KYC-${tag};${tag}`,
      "Verein Nordlicht Handel;DE;;=1+1;",
      "Nikos Oikonomou Eboriki;Greece;;;",
      "Rheintal Handel GmbH;DE;;;",
      "Zebra Quantum Holdings;DE;;;",
      "Acme;Atlantis;;;",
      ";FR;333213791;;",
      ";fr;230 644 874;;",
    ].join("\r\n") + "\r\n",
  ),
});

test("onboard a customer list: preview each row's problems, match, pick an ambiguous row with the keyboard, confirm the price, watch the orders to the end; the same file opens the same list", async ({
  page,
  db,
  signIn,
}) => {
  test.setTimeout(180_000);
  const officer = await db.createUser("compliance");
  await signIn(officer);
  const tag = randomUUID().slice(0, 8);
  const file = listFile(tag);

  await page.goto("/portfolio");
  await page.getByRole("link", { name: "Import a list" }).click();
  await expect(page.getByRole("heading", { name: "Import a customer list", level: 1 })).toBeVisible();
  await page.getByLabel("CSV file").setInputFiles(file);

  // The preview: each row's problems, nothing stored.
  const preview = page.getByRole("table", { name: "Rows in the file" });
  await expect(page.getByText("8 rows: 7 ready, 1 with problems")).toBeVisible();
  await expect(preview.locator('tr[data-row="1"]')).toContainText("Ready");
  await expect(preview.locator('tr[data-row="6"]')).toContainText('Unknown country "Atlantis"');
  await expect(preview.locator('tr[data-row="3"]')).toContainText("Greece (GR)");
  expect(await db.query("select 1 from batches where file_name = $1", [file.name])).toHaveLength(0);

  await page.getByRole("button", { name: "Match 7 rows" }).click();
  await expect(page).toHaveURL(/\/portfolio\/batches\/[0-9a-f-]{36}$/);
  const batchUrl = page.url();
  await expect(page.getByRole("heading", { name: file.name, level: 1 })).toBeVisible();

  // Matching (free) runs as the batch's job; the page follows it live.
  const review = page.getByRole("region", { name: /^Rows to pick a company for/ });
  const ambiguousRow = page.locator('[data-ambiguous-row="4"]');
  await expect(ambiguousRow).toBeVisible({ timeout: 60_000 });
  await expect(ambiguousRow).toContainText("Rheintal Handel GmbH");
  await expect(ambiguousRow).toContainText("score 100% · Exact legal name");

  const rows = page.getByRole("table", { name: "Rows of the list" });
  await expect(rows.locator('tr[data-row="1"]')).toContainText("Exact legal name (score 100%)");
  await expect(rows.locator('tr[data-row="2"]')).toContainText("apart from the legal form");
  await expect(rows.locator('tr[data-row="3"]')).toContainText("Exact transliterated name");
  await expect(rows.locator('tr[data-row="5"]')).toContainText("Not found");
  await expect(rows.locator('tr[data-row="6"]')).toContainText("Cannot be read");
  await expect(rows.locator('tr[data-row="7"]')).toContainText("Same company as row 1");
  await expect(rows.locator('tr[data-row="8"]')).toContainText("Registration number matches");

  // The keyboard: focus the row, 2 picks the second candidate; the row leaves the list at once.
  const second = (await ambiguousRow.getByRole("button").nth(1).innerText()).replace(/^2\s*/, "");
  await ambiguousRow.focus();
  await page.keyboard.press("2");
  await expect(ambiguousRow).toHaveCount(0);
  await expect(review.getByRole("status")).toContainText(`Row 4: matched to ${second}`);
  await expect(rows.locator('tr[data-row="4"]')).toContainText(`Picked by ${officer.email}`, { timeout: 15_000 });

  // The price: per country and in all, what is not ordered and why, and the cap prefilled with the total. The pick is
  // shown at once; the total is read once the batch's step has priced the picked row and the page shows that price.
  const perCountry = page.getByRole("table", { name: "Price per country" });
  await expect(perCountry).toContainText("Germany (DE)", { timeout: 60_000 });
  const pickedPriced = async () =>
    (
      await db.query<{ priced: boolean }>(
        "select r.ceiling_credits is not null as priced from batch_rows r join batches b on b.id = r.batch_id where b.file_name = $1 and r.row_number = 4",
        [file.name],
      )
    )[0]?.priced;
  await expect.poll(pickedPriced, { timeout: 60_000 }).toBe(true);
  const [priced] = await db.query<{ credits: string }>(
    `select coalesce(sum(r.ceiling_credits), 0)::text as credits from batch_rows r join batches b on b.id = r.batch_id
     where b.file_name = $1 and r.match_state = 'matched' and r.outcome = 'pending'`,
    [file.name],
  );
  const shownTotal = async () => Number((await page.locator("[data-quote-total]").innerText()).replace(/,/g, ""));
  await expect.poll(async () => Math.abs((await shownTotal()) - Number(priced!.credits)), { timeout: 30_000 }).toBeLessThan(0.01);
  await expect(page.getByText(/still being priced/)).toHaveCount(0);
  const total = (await page.locator("[data-quote-total]").innerText()).replace(/,/g, "");
  await expect(page.getByLabel("Cap (credits)")).toHaveValue(total);
  await expect(page.getByText("Not found in the register: 1 row")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Confirm: order \d+ for at most/ })).toBeEnabled();

  const { violations } = await new AxeBuilder({ page }).include("main").analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}: ${n.failureSummary}`))).toEqual([]);

  // One confirm with the cap: the page answers at once, then follows the orders live to the end.
  await page.getByRole("button", { name: /^Confirm: order \d+ for at most/ }).click();
  await expect(page.getByText(`Confirmed with a cap of ${Number(total).toLocaleString("en")} credits`)).toBeVisible();
  await expect(page.locator("[data-progress]")).toHaveAttribute("data-progress", "finished", { timeout: 120_000 });
  await expect(page.locator('[data-status="done"]')).toBeVisible();
  await expect(rows.locator('tr[data-row="1"]')).toHaveAttribute("data-outcome", "completed");
  await expect(rows.locator('tr[data-row="1"]').getByRole("link", { name: "See the request" })).toBeVisible();
  await expect(rows.locator('tr[data-row="7"]')).toHaveAttribute("data-outcome", "skipped");
  expect(
    await db.query("select 1 from batch_rows r join batches b on b.id = r.batch_id where b.file_name = $1 and r.outcome = 'completed'", [
      file.name,
    ]),
  ).toHaveLength(5);

  // The same file again: the preview says so, and matching opens the same list, storing nothing twice.
  await page.goto("/portfolio/import");
  await page.getByLabel("CSV file").setInputFiles(file);
  await expect(page.getByText("This file was uploaded before")).toBeVisible();
  await page.getByRole("button", { name: "Match 7 rows" }).click();
  await expect(page).toHaveURL(`${batchUrl}?uploaded=again`);
  await expect(page.getByText("This file was uploaded before, so this is the list it started")).toBeVisible();
  expect(await db.query("select 1 from batches where file_name = $1", [file.name])).toHaveLength(1);

  // The result as CSV, formula-safe, audited.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export the result" }).click();
  const csv = await (await (await download).createReadStream()).toArray();
  const text = Buffer.concat(csv).toString("utf8");
  expect(text.split("\r\n")[0]).toBe(
    "name,country,registration number,case reference,owner,row,problems,match,match reason,match score,company id,company name,outcome,outcome reason,request id",
  );
  expect(text).toContain(`"Thomas Robert EI","FR","","KYC-${tag}"`);
  // A cell a spreadsheet would run as a formula is written with a leading ' (the one CSV writer's guard).
  expect(text).toContain(`"Verein Nordlicht Handel","DE","","'=1+1"`);
  expect(await db.query("select 1 from audit_log where action = 'batch.exported' and actor_email = $1", [officer.email])).toHaveLength(1);
});

test("a list of 5,000 rows near the size limit previews; one row more is refused with a message", async ({ page, db, signIn }) => {
  const officer = await db.createUser("compliance");
  await signIn(officer);
  const lines = (n: number) =>
    [
      "name,country,case reference",
      ...Array.from({ length: n }, (_, i) => `Company number ${i} of a long customer list,FR,${"K".repeat(250)}`),
    ].join("\n");
  const big = Buffer.from(lines(5_000));
  expect(big.length).toBeGreaterThan(1_300_000);

  await page.goto("/portfolio/import");
  await page.getByLabel("CSV file").setInputFiles({ name: "big.csv", mimeType: "text/csv", buffer: big });
  await expect(page.getByText("5,000 rows: 5,000 ready, 0 with problems")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Match 5,000 rows" })).toBeEnabled();

  await page.getByLabel("CSV file").setInputFiles({ name: "bigger.csv", mimeType: "text/csv", buffer: Buffer.from(lines(5_001)) });
  await expect(page.getByRole("alert").filter({ hasText: "The file has" })).toHaveText(
    "The file has 5,001 rows; a list takes at most 5,000. Split it into several files.",
  );
  expect(await db.query("select 1 from batches where file_name in ('big.csv', 'bigger.csv')")).toHaveLength(0);
});
