import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import Papa from "papaparse";
import { expect, postServerAction, serverAction, test } from "./fixtures";

/** A CSV file for the page's file input. */
const csvFile = (lines: string[]) => ({ name: "monitors.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\r\n") + "\r\n") });

test("import monitors from a CSV: each bad row's error in the preview, the outcome per row, a safe re-run, the export and the coverage gaps", async ({
  page,
  db,
  signIn,
}) => {
  const admin = await db.createUser("admin");
  await signIn(admin);
  const tag = randomUUID().slice(0, 8).toUpperCase();
  const [fr, de, mc] = [`FR${tag}`, `DE${tag}`, `MC${tag}`];
  const file = csvFile([
    "Country;Company ID;Case Reference",
    `FR;${fr};KYC-${tag}`,
    `de;${de};`,
    `XX;1;`,
    `NL;;`,
    `FR;${fr};again`,
    `NL;NL${tag};${"x".repeat(501)}`,
    `MC;${mc};`,
  ]);

  await page.goto("/monitors/import");
  await expect(page.getByRole("heading", { name: "Import monitors" })).toBeVisible();
  await page.getByLabel("CSV file").setInputFiles(file);

  const preview = page.getByRole("table", { name: "Rows in the file" });
  await expect(page.getByText("7 rows: 3 ready, 4 with errors (those are not sent). Nothing has been sent yet.")).toBeVisible();
  const previewRow = (row: number) => preview.getByRole("row").filter({ has: page.getByRole("cell", { name: String(row), exact: true }) });
  await expect(previewRow(2)).toContainText("Ready");
  await expect(previewRow(4)).toContainText('Unknown country "XX"');
  await expect(previewRow(5)).toContainText("The company id is empty.");
  await expect(previewRow(6)).toContainText("Duplicate of row 2: the same country and company id.");
  await expect(previewRow(7)).toContainText("A case reference is at most 500 characters; this one has 501.");
  await expect(previewRow(8)).toContainText("Ready");
  // Nothing was sent for the preview.
  expect(await db.query("select 1 from monitors where company_id = $1", [fr])).toHaveLength(0);

  await page.getByRole("button", { name: "Create 3 monitors" }).click();
  const outcomes = page.getByRole("table", { name: "Outcome per row" });
  const outcomeRow = (row: number) => outcomes.getByRole("row").filter({ has: page.getByRole("cell", { name: String(row), exact: true }) });
  await expect(outcomeRow(2)).toContainText("Created");
  await expect(outcomeRow(2)).toContainText("blocked until credentials are supplied: Shareholders");
  await expect(outcomeRow(3)).toContainText("Created");
  await expect(outcomeRow(8)).toContainText("Refused");
  await expect(outcomeRow(8)).toContainText("The registry refused the request as invalid");
  await expect(outcomeRow(8)).toContainText("Monitoring is not supported for MC");
  await expect(outcomeRow(4)).toContainText("Not sent (errors)");
  await expect(page.getByRole("status").filter({ hasText: "Created: 2" })).toContainText("Refused: 1 · Not sent (errors): 4");

  // The coverage gaps beside the form now list the French and German companies, each with its source to supply.
  const gaps = page.getByRole("region", { name: "Coverage gaps" });
  const frGap = gaps.getByRole("row").filter({ hasText: fr });
  await expect(frGap).toContainText("shareholders");
  await expect(frGap).toContainText("Add infogreffe credentials to the vault");
  await expect(frGap.getByRole("link", { name: "Supply Infogreffe (France) credentials in the Vault" })).toHaveAttribute(
    "href",
    "/vault?source=infogreffe",
  );
  await expect(
    gaps
      .getByRole("row")
      .filter({ hasText: de })
      .getByRole("link", { name: /Handelsregister/ }),
  ).toHaveAttribute("href", "/vault?source=handelsregister");

  // The page's content, with its outcome table and its coverage gaps, has no serious or critical accessibility violation
  // (the console's shell around it is the accessibility sweep's).
  const { violations } = await new AxeBuilder({ page }).include("main").analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}: ${n.failureSummary}`))).toEqual([]);

  // The same file again: nothing new is created.
  await page.getByLabel("CSV file").setInputFiles(file);
  await page.getByRole("button", { name: "Create 3 monitors" }).click();
  await expect(outcomes.getByRole("row").filter({ hasText: "Already monitored" })).toHaveCount(2);
  await expect(outcomeRow(2)).toContainText("Already monitored");
  await expect(outcomeRow(3)).toContainText("Already monitored");
  expect(await db.query("select 1 from monitors where company_id in ($1, $2)", [fr, de])).toHaveLength(2);
  const imports = await db.query<{ details: Record<string, number> }>(
    "select details from audit_log where action = 'monitors.imported' and actor_email = $1 order by id",
    [admin.email],
  );
  expect(imports.map((i) => [i.details.created, i.details.already_monitored, i.details.refused, i.details.invalid])).toEqual([
    [2, 0, 1, 4],
    [0, 2, 1, 4],
  ]);

  // The export lists them, importable as it is.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export the current monitors as CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^registry-desk-monitors-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...lines] = Papa.parse<string[]>(await readFile((await download.path())!, "utf8"), { skipEmptyLines: true }).data;
  expect(header!.slice(0, 3)).toEqual(["country", "company id", "case reference"]);
  expect(lines.find((l) => l[1] === fr)?.slice(0, 3)).toEqual(["FR", fr, `KYC-${tag}`]);
  expect(lines.find((l) => l[1] === de)?.[5]).toBe(admin.email);
});

test("a finance user can neither open the import nor post it directly", async ({ page, db, asRole }) => {
  await asRole("finance");
  expect((await page.goto("/monitors/import"))?.status()).toBe(403);
  const id = `FIN${randomUUID().slice(0, 8)}`;
  const importAction = serverAction("importMonitorsCsvAction", "app/(console)/monitors/import/actions.ts");
  const response = await postServerAction(page.request, importAction, [{ csv: `FR,${id},\n` }]);
  expect(await response.text()).toContain('"code":"forbidden"');
  expect(await db.query("select 1 from monitors where company_id = $1", [id])).toHaveLength(0);
  expect((await page.request.get("/api/monitors/export")).status()).toBe(403);
});
