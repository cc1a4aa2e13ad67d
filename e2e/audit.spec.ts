import { sections } from "../lib/navigation/sections";
import { expect, test } from "./fixtures";

test("the audit log lists events newest first, filters by actor and action, and exports CSV", async ({ page, login, db, signIn }) => {
  const auditor = await db.createUser("auditor");
  const stranger = `stranger-${Date.now()}@e2e.test`;
  await login.signIn(stranger, "whatever-password");
  await expect(login.error()).toHaveText("Wrong email or password.");
  await signIn(auditor);

  await page.goto("/audit");
  // Other tests sign in at the same time, so check the order rather than which row is first.
  const times = await page.locator("tbody tr td:first-child").allTextContents();
  expect(times.length).toBeGreaterThan(1);
  expect(times).toEqual([...times].sort().reverse());
  await expect(page.getByRole("row").filter({ hasText: auditor.email }).filter({ hasText: "Signed in" }).first()).toBeVisible();

  await page.getByLabel("Actor").selectOption(stranger);
  await page.getByLabel("Action").selectOption("auth.sign_in_failed");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/actor=.*action=auth.sign_in_failed/);
  await expect(page.getByRole("row")).toHaveCount(2); // header + the one failure
  await expect(page.getByText("1 entries match.")).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = await (await download).createReadStream();
  let text = "";
  for await (const chunk of csv) text += chunk;
  expect(text.split("\r\n").filter(Boolean)).toHaveLength(2);
  expect(text).toContain(`"${stranger}","auth.sign_in_failed"`);
});

test("the audit log filters by UTC days, target, company and case reference, and says each row's details in words", async ({
  page,
  login,
  db,
  signIn,
}) => {
  const auditor = await db.createUser("auditor");
  const stranger = `stranger-${Date.now()}@e2e.test`;
  await login.signIn(stranger, "whatever-password");
  await expect(login.error()).toHaveText("Wrong email or password.");
  await signIn(auditor);
  const today = new Date().toISOString().slice(0, 10);

  await page.goto("/audit");
  await page.getByLabel("Target").fill(stranger.toUpperCase());
  await page.getByLabel("From (UTC day)").fill(today);
  await page.getByLabel("To (UTC day)").fill(today);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`target=STRANGER-.*&from=${today}&to=${today}$`));
  const row = page.getByRole("row").filter({ hasText: stranger });
  await expect(page.getByRole("row")).toHaveCount(2);
  // The details fold; opened, they read in words, the stored keys only under Technical details.
  await row.getByText("2 details").click();
  await expect(row.getByText("Reason", { exact: true })).toBeVisible();
  await expect(row.getByText("wrong email or password", { exact: true })).toBeVisible();
  await expect(row.locator("[data-technical-details]")).not.toHaveAttribute("open");

  // A company or case reference no row is about selects none; the Clear link comes back to everything.
  await page.getByLabel("Case reference").fill("no-such-case-%_");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No audit entries match these filters.")).toBeVisible();
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/audit$/);

  // A backwards range reads the right way round; a day that is no date is named, not dropped silently.
  await page.goto("/audit?from=2026-12-31&to=2026-01-01&company=acme");
  await expect(page.getByLabel("From (UTC day)")).toHaveValue("2026-01-01");
  await expect(page.getByLabel("To (UTC day)")).toHaveValue("2026-12-31");
  await page.goto("/audit?from=yesterday");
  await expect(page.getByRole("alert").filter({ hasText: "The “From” day “yesterday” is not a date" })).toBeVisible();
});

test("compliance users cannot open the audit log or export it", async ({ page, asRole }) => {
  await asRole("compliance");
  expect((await page.goto("/audit"))?.status()).toBe(403);
  expect((await page.request.get("/api/audit/export")).status()).toBe(403);
});

test("every section has its page; a path that is no section answers 404", async ({ page, asRole }) => {
  await asRole("admin");
  for (const section of sections) expect((await page.goto(section.href))?.status()).toBe(200);
  expect((await page.goto("/no-such-section"))?.status()).toBe(404);
});

test("a section's own roles apply to its page", async ({ page, asRole }) => {
  await asRole("finance");
  expect((await page.goto("/vault"))?.status()).toBe(403);
  expect((await page.goto("/billing"))?.status()).toBe(200);
});
