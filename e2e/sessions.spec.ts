import type { Browser, Page } from "@playwright/test";
import { expect, gotoInteractive, LoginPage, signInByApi, test, type TestUser } from "./fixtures";

/** A second browser (its own cookies) signed in as `user`. */
async function signedInElsewhere(browser: Browser, user: TestUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInByApi(page.context().request, user);
  return page;
}

async function openUserActions(page: Page, email: string, action: "Reset password" | "Deactivate" | "Reactivate") {
  await gotoInteractive(page, `/settings/users?q=${encodeURIComponent(email)}`);
  await page.getByRole("button", { name: `Actions for ${email}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
  await page.getByRole("button", { name: action, exact: true }).click(); // the confirmation's button
}

test("changing one's password signs out one's other sessions, and keeps this one", async ({ page, login, db, browser, signIn }) => {
  const user = await db.createUser("compliance");
  await signIn(user);
  const elsewhere = await signedInElsewhere(browser, user);

  await page.goto("/change-password");
  await page.getByLabel("Current password").fill(user.password);
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password-1");
  await page.getByLabel("Repeat the new password").fill("a-brand-new-password-1");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible();

  await elsewhere.goto("/requests");
  await expect(elsewhere).toHaveURL(/\/login$/);
  // The session that made the change carries on, on this request and the next.
  expect((await page.goto("/requests"))?.status()).toBe(200);
  await expect(login.accountMenu()).toBeVisible();
  await elsewhere.context().close();
});

test("an admin's password reset signs the user out everywhere", async ({ page, db, browser, signIn }) => {
  test.setTimeout(120_000); // three sign-ins and a reset; 40 s in a loaded CI run
  const user = await db.createUser("finance");
  const elsewhere = await signedInElsewhere(browser, user);
  await signIn(await db.createUser("admin"));
  await openUserActions(page, user.email, "Reset password");
  await expect(page.getByTestId("one-time-password")).toBeVisible();

  await elsewhere.goto("/requests");
  await expect(elsewhere).toHaveURL(/\/login$/);
  await elsewhere.context().close();
});

test("a deactivation ends a user's sessions, and reactivation does not bring them back", async ({ page, db, browser, signIn }) => {
  test.setTimeout(120_000); // three sign-ins and two changes; ran past 60 s in a loaded fresh-clone CI run
  const user = await db.createUser("auditor");
  const elsewhere = await signedInElsewhere(browser, user);
  await signIn(await db.createUser("admin"));

  await openUserActions(page, user.email, "Deactivate");
  await expect(page.getByTestId(`user-${user.email}`)).toContainText("Deactivated");
  await elsewhere.goto("/requests");
  await expect(elsewhere).toHaveURL(/\/login\?error=deactivated$/);

  await openUserActions(page, user.email, "Reactivate");
  await expect(page.getByTestId(`user-${user.email}`)).toContainText("Active");
  // The old session (its cookie is still in that browser) stays signed out; signing in again works.
  await elsewhere.goto("/requests");
  await expect(elsewhere).toHaveURL(/\/login$/);
  await new LoginPage(elsewhere).signInAndWait(user);
  await elsewhere.context().close();
});
