import { roles } from "../db/vocabulary";
import { roleLabels, type Role } from "../lib/auth/roles";
import { sections } from "../lib/navigation/sections";
import { expect, test } from "./fixtures";

const expectedSections: Record<Role, string[]> = {
  admin: ["Search", "Requests", "Onboarding", "Monitors", "Alerts", "Vault", "Workspaces", "Billing", "Pricing", "Audit", "Settings"],
  compliance: ["Search", "Requests", "Onboarding", "Monitors", "Alerts", "Pricing"],
  finance: ["Search", "Requests", "Billing", "Pricing"],
  auditor: ["Search", "Requests", "Monitors", "Alerts", "Pricing", "Audit"],
};

for (const role of roles) {
  test(`a ${role} user signs in and sees the sections of that role`, async ({ page, login, db }) => {
    const user = await db.createUser(role);
    await login.signInAndWait(user);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Account menu" })).toContainText(roleLabels[role]);
    const nav = page.getByRole("navigation", { name: "Console" });
    await expect(nav.getByRole("link")).toHaveText(expectedSections[role]);
  });
}

test("the admin sidebar lists every section of the console", () => {
  expect(expectedSections.admin).toEqual(sections.map((s) => s.label));
});

test("a wrong password and an unknown email get the same message", async ({ login, db }) => {
  const user = await db.createUser("compliance");
  await login.signIn(user.email, "not-the-password");
  await expect(login.error()).toHaveText("Wrong email or password.");
  await login.signIn(`nobody-${user.email}`, user.password);
  await expect(login.error()).toHaveText("Wrong email or password.");
});

test("five failed sign-ins lock the account for 15 minutes, even against the right password", async ({ login, db }) => {
  const user = await db.createUser("compliance");
  for (let i = 0; i < 4; i++) {
    await login.signIn(user.email, `wrong-${i}`);
    await expect(login.error()).toHaveText("Wrong email or password.");
  }
  await login.signIn(user.email, "wrong-5");
  await expect(login.error()).toContainText("This account is locked after 5 failed sign-ins");
  await login.signIn(user.email, user.password);
  await expect(login.error()).toContainText("locked");
  const audit = await db.query<{ action: string }>("select action from audit_log where target = $1 order by id", [user.email]);
  expect(audit.map((r) => r.action)).toEqual([...Array(5).fill("auth.sign_in_failed"), "auth.lockout"]);
});

test("signing out ends the session", async ({ page, login, db }) => {
  const user = await db.createUser("auditor");
  await login.signInAndWait(user);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/audit");
  await expect(page).toHaveURL(/\/login/);
  const audit = await db.query<{ action: string }>("select action from audit_log where target = $1 order by id", [user.email]);
  expect(audit.map((r) => r.action)).toEqual(["auth.sign_in", "auth.sign_out"]);
});

test("a deactivated user's next request is refused", async ({ page, login, db }) => {
  const user = await db.createUser("compliance");
  await login.signInAndWait(user);
  await db.query("update users set active = false where id = $1", [user.id]);
  await page.reload();
  await expect(page).toHaveURL(/\/login\?error=deactivated/);
  await expect(login.error()).toHaveText("This account is deactivated. Ask an administrator to reactivate it.");
});

test("a role change takes effect on the next request", async ({ page, login, db }) => {
  const user = await db.createUser("compliance");
  await login.signInAndWait(user);
  expect((await page.goto("/settings/users"))?.status()).toBe(403);
  await db.query("update users set role = 'admin' where id = $1", [user.id]);
  expect((await page.goto("/settings/users"))?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
});

test("a one-time password must be replaced before anything else", async ({ page, login, db }) => {
  const user = await db.createUser("compliance", { mustChangePassword: true });
  await login.signIn(user.email, user.password);
  await expect(page).toHaveURL(/\/change-password/);
  await page.goto("/search");
  await expect(page).toHaveURL(/\/change-password/);
  await page.getByLabel("Current password").fill(user.password);
  // The server validates too (the browser only checks the length, for comfort).
  await page.getByLabel("New password", { exact: true }).fill("my-own-password-42");
  await page.getByLabel("Repeat the new password").fill("my-own-password-43");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("The two new passwords differ.")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("my-own-password-42");
  await page.getByLabel("Repeat the new password").fill("my-own-password-42");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible();
  const [row] = await db.query<{ must_change_password: boolean }>("select must_change_password from users where id = $1", [user.id]);
  expect(row?.must_change_password).toBe(false);
});
