import { watchCsp } from "./csp-watch";
import { expect, gotoInteractive, test } from "./fixtures";

// The console's pages under its Content-Security-Policy (lib/security/content-security-policy.ts): nothing the
// browser blocks. The accessibility sweep checks every page as it opens; this opens what only a click adds.

test("the role picker of 'Add a user', the account menu and a client navigation break no CSP rule", async ({ page, asRole }) => {
  const csp = await watchCsp(page);
  await asRole("admin");
  await gotoInteractive(page, "/settings/users");
  await page.getByRole("button", { name: "Add user" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a user" });
  // The role picker (a listbox that adds its own <style>).
  await dialog.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: "Finance" }).click();
  await expect(dialog.getByRole("combobox", { name: "Role" })).toHaveText("Finance");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: /^Account menu/ }).click();
  await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeVisible();
  await page.keyboard.press("Escape");

  // A client navigation, then the dialog again: the document's first nonce still applies.
  await page
    .getByRole("navigation", { name: "Console" })
    .getByRole("link", { name: /^Alerts/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /^Alerts/ })).toBeVisible();
  await page.goBack();
  await page.getByRole("button", { name: "Add user" }).click();
  await dialog.getByRole("combobox", { name: "Role" }).click();
  await expect(page.getByRole("option", { name: "Auditor" })).toBeVisible();

  expect(csp).toEqual([]);
});
