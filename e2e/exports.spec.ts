import type { Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import Papa from "papaparse";
import { expect, gotoInteractive, test } from "./fixtures";
import { simulatorConnectionId } from "./monitor-notification";
import { sim } from "./simulator-api";

/** Clicks what starts a download on `page` and returns the CSV's name, header and lines. */
async function downloadCsv(page: Page, start: () => Promise<void>) {
  const downloading = page.waitForEvent("download");
  await start();
  const download = await downloading;
  const [header, ...lines] = Papa.parse<string[]>(await readFile((await download.path())!, "utf8"), { skipEmptyLines: true }).data;
  return { name: download.suggestedFilename(), header: header!, lines };
}

test("the requests list downloads as filtered, every page, with a company name that starts a formula defused", async ({
  page,
  db,
  signIn,
}) => {
  const tag = randomUUID().slice(0, 8);
  const ann = await db.createUser("compliance");
  // Two requests Ann ordered: one complete, named to run a formula; one still running.
  await db.query(
    `insert into company_requests (request_id, origin, ordered_by, country_code, company_id, company_name, complete)
     values ($1, 'console', $3, 'FR', 'C1', $2, true), ($4, 'console', $3, 'FR', 'C2', 'Still running', false)`,
    [`req_e2e_${tag}_done`, `=HYPERLINK("http://x")`, ann.id, `req_e2e_${tag}_running`],
  );
  await signIn(ann);
  await page.goto("/requests");
  await page.getByLabel("Status").selectOption("complete");
  await page.getByLabel("Ordered by").selectOption(ann.email);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=complete/);

  const csv = await downloadCsv(page, () => page.getByRole("link", { name: "Export CSV" }).click());
  expect(csv.name).toMatch(/^registry-desk-requests-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.lines.map((l) => [l[0], l[3], l[4], l[10]])).toEqual([
    [`req_e2e_${tag}_done`, `'=HYPERLINK("http://x")`, "complete", ann.email],
  ]);
});

test("the requests list finds a company by part of its name and a case by part of its reference, and the download holds it", async ({
  page,
  db,
  signIn,
}) => {
  const tag = randomUUID().slice(0, 8);
  const filings = (caseReference: string) =>
    JSON.stringify({ legalName: null, statutoryFilings: null, complianceFlags: null, caseReference });
  await db.query(
    `insert into company_requests (request_id, origin, country_code, company_id, company_name, complete, filings)
     values ($1, 'console', 'GB', $2, $3, true, $4), ($5, 'console', 'GB', $6, $7, true, $8)`,
    [
      `req_e2e_${tag}_a`,
      `A${tag}`,
      `Widgets ${tag} Ltd`,
      filings(`KYC-${tag}-1`),
      `req_e2e_${tag}_b`,
      `B${tag}`,
      `Gadgets ${tag} Ltd`,
      filings(`KYC-${tag}-2`),
    ],
  );
  await signIn(await db.createUser("compliance"));
  await gotoInteractive(page, "/requests");
  await page.getByLabel("Company").fill(`WIDGETS ${tag}`);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/company=WIDGETS/);
  const rows = page.getByRole("row").filter({ hasText: tag });
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole("cell", { name: `KYC-${tag}-1` })).toBeVisible();

  await page.getByLabel("Company").fill("");
  await page.getByLabel("Case reference").fill(`${tag}-2`);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole("link", { name: `Gadgets ${tag} Ltd` })).toBeVisible();
  const csv = await downloadCsv(page, () => page.getByRole("link", { name: "Export CSV" }).click());
  expect(csv.header.at(-1)).toBe("case reference");
  expect(csv.lines.map((l) => [l[0], l.at(-1)])).toEqual([[`req_e2e_${tag}_b`, `KYC-${tag}-2`]]);
});

test("the alerts inbox downloads as filtered, with a company name that starts a formula defused", async ({ page, db, signIn }) => {
  const tag = randomUUID().slice(0, 8);
  // Two alerts of companies named with the tag: one open, named to run a formula; one resolved (the inbox shows open ones).
  await db.query(
    `insert into alerts (monitor_id, country_code, company_id, company_name, state, categories, due_at, last_notified_at)
     values ($1, 'DE', $2, $3, 'new', '["ownership"]', now() + interval '1 day', now()),
            ($4, 'DE', $5, $6, 'resolved', '["address"]', now() + interval '1 day', now())`,
    [`mon_e2e_${tag}_open`, `E2E-${tag}-1`, `@SUM(1) ${tag}`, `mon_e2e_${tag}_resolved`, `E2E-${tag}-2`, `Resolved ${tag}`],
  );
  await signIn(await db.createUser("compliance"));
  await page.goto(`/alerts?company=${tag}`);
  await expect(page.getByTestId("alerts-total")).toHaveText("1");

  const csv = await downloadCsv(page, () => page.getByRole("link", { name: "Export CSV" }).click());
  expect(csv.name).toMatch(/^registry-desk-alerts-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.lines.map((l) => [l[1], l[7], l[8], l[9]])).toEqual([["New", `E2E-${tag}-1`, `'@SUM(1) ${tag}`, `mon_e2e_${tag}_open`]]);
});

test("billing events download with the list's kind filter and a range of days, with an identifier that starts a formula defused", async ({
  page,
  db,
  signIn,
}) => {
  const tag = randomUUID().slice(0, 8);
  const connectionId = await simulatorConnectionId(db);
  // Two deliveries stored for the simulator's connection today: a low-balance one whose identifier starts a formula, and a top-up.
  const delivery = (kind: string, identifier: string) => ({
    id: `evt_e2e_${tag}_${kind}`,
    kind,
    identifier,
    accountId: "acct",
    dedupKey: `e2e-${tag}-${kind}`,
    firedAt: new Date().toISOString(),
    payload: { balanceCents: 100, thresholdCents: 500 },
    emailSent: false,
    webhookSent: true,
  });
  const receivedDays = new Set<string>();
  for (const [kind, identifier] of [
    ["low_balance", `-warning ${tag}`],
    ["auto_topup", "succeeded"],
  ]) {
    const [row] = await db.query<{ day: string }>(
      `insert into billing_events (connection_id, message_id, type, kind, payload) values ($1, $2, 'billing.notification', $3, $4)
       returning to_char(received_at at time zone 'UTC', 'YYYY-MM-DD') as day`,
      [connectionId, `msg_e2e_${tag}_${kind}`, kind, JSON.stringify(delivery(kind!, identifier!))],
    );
    receivedDays.add(row!.day);
  }
  // The day the rows were stored (UTC), not the day the form is filled in: the two differ across midnight.
  const received = [...receivedDays].sort();
  await signIn(await db.createUser("finance"));
  await gotoInteractive(page, "/billing");
  const events = page.getByRole("region", { name: /Recent billing events/ });
  await events.getByLabel("Kind").selectOption("low_balance");
  await expect(page).toHaveURL(/eventKind=low_balance/);
  const exportForm = events.getByRole("form", { name: "Export billing events" });
  await exportForm.getByLabel("Received from").fill(received[0]!);
  await exportForm.getByLabel("Received to").fill(received.at(-1)!);

  const csv = await downloadCsv(page, () => exportForm.getByRole("button", { name: "Export CSV" }).click());
  expect(csv.name).toMatch(/^registry-desk-billing-events-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.lines.every((l) => l[1] === "low_balance" && received.some((day) => l[5]!.startsWith(day)))).toBe(true);
  expect(csv.lines.filter((l) => l[0] === `evt_e2e_${tag}_low_balance`).map((l) => l[2])).toEqual([`'-warning ${tag}`]);
  expect(csv.lines.some((l) => l[0] === `evt_e2e_${tag}_auto_topup`)).toBe(false);
});

test("the monitors download defuses a case reference that starts a formula", async ({ page, db, signIn }) => {
  const companyId = `E2E${randomUUID().slice(0, 8)}`;
  // A monitor started at the registry by another client, its case reference typed to run a command.
  const started = await sim("POST", "/v2/monitors", { countryCode: "NL", companyId, metadata: { caseReference: "=cmd|' /C calc'!A0" } });
  expect(started.status).toBeLessThan(300);
  await signIn(await db.createUser("compliance"));
  await page.goto("/monitors");

  const csv = await downloadCsv(page, () => page.getByRole("link", { name: "Export CSV" }).click());
  expect(csv.name).toMatch(/^registry-desk-monitors-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.lines.filter((l) => l[1] === companyId).map((l) => [l[0], l[2], l[5]])).toEqual([
    ["NL", "'=cmd|' /C calc'!A0", "started outside this console"],
  ]);
});
