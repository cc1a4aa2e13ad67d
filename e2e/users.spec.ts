import { expect, gotoInteractive, LoginPage, test } from "./fixtures";

test("an admin adds a user, changes the role, resets the password and deactivates them", async ({ page, db, browser, signIn }) => {
  await signIn(await db.createUser("admin"));
  const email = `new-${Date.now()}@e2e.test`;
  // Found with the filter form's text box: the list shows the first 100 users, and the shared database holds more.
  await gotoInteractive(page, "/settings/users");
  await page.getByRole("textbox", { name: "Find a user" }).fill(email.toUpperCase());
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page).toHaveURL(/\?q=NEW-/);
  await expect(page.getByRole("status").filter({ hasText: "users match" })).toHaveText(`0 users match “${email.toUpperCase()}”.`);

  await page.getByRole("button", { name: "Add user" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Name").fill("Nora New");
  await dialog.getByRole("combobox").click();
  await page.getByRole("option", { name: "Finance" }).click();
  await dialog.getByRole("button", { name: "Create user" }).click();
  const oneTimePassword = (await page.getByTestId("one-time-password").textContent())!.trim();
  expect(oneTimePassword).toMatch(/^\w{5}-\w{5}-\w{5}-\w{5}$/);
  await page.getByRole("button", { name: "Done" }).click();

  const row = page.getByTestId(`user-${email}`);
  await expect(row).toContainText("One-time password");
  await expect(page.getByRole("status").filter({ hasText: "user matches" })).toHaveText(`1 user matches “${email.toUpperCase()}”.`);
  await row.getByRole("combobox", { name: `Role of ${email}` }).selectOption({ label: "Compliance" });
  await expect(page.getByText(`${email} is now Compliance.`, { exact: true })).toBeVisible();

  // The new user signs in with the one-time password, as Compliance, and must choose a password.
  const other = await browser.newContext();
  const theirPage = await other.newPage();
  await new LoginPage(theirPage).signIn(email, oneTimePassword);
  await expect(theirPage).toHaveURL(/\/change-password/);

  await row.getByRole("button", { name: `Actions for ${email}` }).click();
  await page.getByRole("menuitem", { name: "Reset password" }).click();
  await page.getByRole("button", { name: "Reset password" }).click();
  const resetPassword = (await page.getByTestId("one-time-password").textContent())!.trim();
  expect(resetPassword).not.toBe(oneTimePassword);
  await page.getByRole("button", { name: "Done" }).click();

  await row.getByRole("button", { name: `Actions for ${email}` }).click();
  await page.getByRole("menuitem", { name: "Deactivate" }).click();
  await page.getByRole("button", { name: "Deactivate" }).click();
  await expect(row).toContainText("Deactivated");

  // Their open session is refused on the next request.
  await theirPage.reload();
  await expect(theirPage).toHaveURL(/error=deactivated/);
  await other.close();

  const audit = await db.query<{ action: string }>("select action from audit_log where target = $1 and action like 'user.%' order by id", [
    email,
  ]);
  expect(audit.map((r) => r.action)).toEqual(["user.created", "user.role_changed", "user.password_reset", "user.deactivated"]);
});

test("a refused change shows the server's reason and changes nothing", async ({ page, db, signIn }) => {
  const existing = await db.createUser("auditor");
  await signIn(await db.createUser("admin"));
  await gotoInteractive(page, "/settings/users");
  await page.getByRole("button", { name: "Add user" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(existing.email);
  await dialog.getByRole("button", { name: "Create user" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(`A user with the email ${existing.email} already exists.`);

  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByRole("button", { name: "Create user" }).click();
  await expect(dialog.getByText("Enter a valid email address.")).toBeVisible();
  const [row] = await db.query<{ role: string }>("select role from users where email = $1", [existing.email]);
  expect(row?.role).toBe("auditor");
});

test("an admin cannot deactivate their own account", async ({ page, db, signIn }) => {
  const me = await db.createUser("admin");
  await signIn(me);
  await gotoInteractive(page, `/settings/users?q=${encodeURIComponent(me.email)}`);
  await page.getByRole("button", { name: `Actions for ${me.email}` }).click();
  await expect(page.getByRole("menuitem", { name: "Deactivate" })).toBeDisabled();
});
