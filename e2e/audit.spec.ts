import { sections } from "../lib/navigation/sections";
import { expect, test } from "./fixtures";

test("the audit log lists events newest first, filters by actor and action, and exports CSV", async ({ page, login, db }) => {
  const auditor = await db.createUser("auditor");
  const stranger = `stranger-${Date.now()}@e2e.test`;
  await login.signIn(stranger, "whatever-password");
  await expect(login.error()).toHaveText("Wrong email or password.");
  await login.signInAndWait(auditor);

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

test("compliance users cannot open the audit log or export it", async ({ page, login, db }) => {
  await login.signInAndWait(await db.createUser("compliance"));
  expect((await page.goto("/audit"))?.status()).toBe(403);
  expect((await page.request.get("/api/audit/export")).status()).toBe(403);
});

test("every section has its page now; a path that is no section answers 404", async ({ page, login, db }) => {
  await login.signInAndWait(await db.createUser("admin"));
  for (const section of sections) {
    await page.goto(section.href);
    await expect(page.getByText("This section is not available yet")).toHaveCount(0);
  }
  expect((await page.goto("/no-such-section"))?.status()).toBe(404);
});

test("a section's own roles apply to its page", async ({ page, login, db }) => {
  await login.signInAndWait(await db.createUser("finance"));
  expect((await page.goto("/vault"))?.status()).toBe(403);
  expect((await page.goto("/billing"))?.status()).toBe(200);
});
