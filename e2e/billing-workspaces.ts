import { expect, type Page } from "@playwright/test";

/** The Billing page's table of workspaces. */
export const billingWorkspacesTable = (page: Page) => page.getByRole("table", { name: "Workspaces" });

/** A workspace's row in that table, found by the name it shows. */
export const billingWorkspaceRow = (page: Page, name: string) =>
  billingWorkspacesTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("button", { name, exact: true }) });

/** Opens a workspace's drawer from its row, by its name; the drawer is a dialog named by the workspace. */
export async function openWorkspaceDrawer(page: Page, name: string) {
  await billingWorkspaceRow(page, name).getByRole("button", { name, exact: true }).click();
  const drawer = page.getByRole("dialog", { name, exact: true });
  await expect(drawer).toBeVisible();
  return drawer;
}
