import { roles } from "../db/vocabulary";
import { roleLabels, type Role } from "../lib/auth/roles.shared";
import { sections } from "../lib/navigation/sections";
import { expect, runUnlock, test } from "./fixtures";

const expectedSections: Record<Role, string[]> = {
  admin: [
    "Search",
    "Requests",
    "Onboarding",
    "Monitors",
    "Alerts",
    "Portfolio",
    "Calendar",
    "Vault",
    "Workspaces",
    "Billing",
    "Pricing",
    "Audit",
    "Settings",
  ],
  compliance: ["Search", "Requests", "Onboarding", "Monitors", "Alerts", "Portfolio", "Calendar", "Workspaces", "Pricing"],
  finance: ["Search", "Requests", "Workspaces", "Billing", "Pricing"],
  auditor: ["Search", "Requests", "Monitors", "Alerts", "Portfolio", "Calendar", "Workspaces", "Billing", "Pricing", "Audit"],
};

for (const role of roles) {
  test(`a ${role} user signs in and sees the sections of that role`, async ({ page, login, db }) => {
    const user = await db.createUser(role);
    await login.signInAndWait(user);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Account menu" })).toContainText(roleLabels[role]);
    const nav = page.getByRole("navigation", { name: "Console" });
    // A link may carry a count (an admin's Settings: changes other specs left waiting for a second admin).
    await expect(nav.getByRole("link")).toHaveText(expectedSections[role].map((label) => new RegExp(`^${label}\\d*$`)));
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

test.describe("where sign-in leads", () => {
  // Five ways out of the console, as the query string carries them: a tab for %09, and each value sent as it is.
  const leaving = ["/\\evil.com", "/%09/evil.com", "//evil.com", "https://evil.com", "javascript:alert(1)"];
  const queries = [...leaving.map((value) => new URLSearchParams({ callbackUrl: value }).toString()), "callbackUrl=/%09/evil.com"];

  for (const query of queries) {
    test(`a callbackUrl off the console (${query}) lands on the console's home page`, async ({ page, login, db }) => {
      const offSite: string[] = [];
      await page.route(
        (url) => url.hostname.endsWith("evil.com"),
        (route) => {
          offSite.push(route.request().url());
          return route.fulfill({ body: "off the console" });
        },
      );
      const user = await db.createUser("auditor");
      await page.goto(`/login?${query}`);
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password").fill(user.password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(login.accountMenu()).toBeVisible();
      expect(page.url()).toBe(`${process.env.E2E_BASE_URL}/`);
      expect(offSite).toEqual([]);
    });
  }

  test("a callbackUrl on the console is followed", async ({ page, login, db }) => {
    const user = await db.createUser("auditor");
    await page.goto(`/login?${new URLSearchParams({ callbackUrl: "/requests?from=login" })}`);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/requests\?from=login$/);
    await expect(login.accountMenu()).toBeVisible();
  });
});

test("a failed sign-in counts against the address it came from, whatever X-Forwarded-For the client sends", async ({ page, db }) => {
  const email = `spoof-${Date.now()}@e2e.test`;
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const response = await page.request.post("/api/auth/callback/credentials", {
    headers: { "X-Forwarded-For": "203.0.113.250" },
    form: { email, password: "wrong-password", csrfToken, json: "true" },
  });
  expect(response.status()).toBe(401);
  const rows = await db.query<{ client_address: string }>("select client_address from sign_in_failures where email = $1", [email]);
  expect(rows).toEqual([{ client_address: "127.0.0.1" }]);
});

test("a locked-out admin gets back in with npm run unlock", async ({ login, db }) => {
  const admin = await db.createUser("admin");
  // Locked as five failures would (without spending this run's failures from 127.0.0.1).
  await db.query("insert into sign_in_locks (email, locked_until) values ($1, now() + interval '15 minutes')", [admin.email]);
  await login.signIn(admin.email, admin.password);
  await expect(login.error()).toContainText("This account is locked");

  const { code, output } = await runUnlock(admin.email);
  expect(output).toContain(`Unlocked ${admin.email}: its lock`);
  expect(code).toBe(0);
  await login.signInAndWait(admin);
  const audit = await db.query<{ action: string; actor_email: string }>(
    "select action, actor_email from audit_log where target = $1 order by id",
    [admin.email],
  );
  expect(audit).toEqual([
    { action: "auth.unlocked", actor_email: "npm run unlock" },
    { action: "auth.sign_in", actor_email: admin.email },
  ]);
});
