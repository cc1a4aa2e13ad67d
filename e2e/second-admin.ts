import type { Browser } from "@playwright/test";
import { type Database, expect, signInByApi } from "./fixtures";

/**
 * A second admin, signed in (by API) in a browser of their own, who has held their role and password since before the change
 * was asked for (dual control refuses an approver made after the request), approves on Settings → Approvals the one pending
 * change described by `what` (its words, e.g. "Add connection Sandbox x1"), and sees it performed.
 */
export async function approveAsSecondAdmin(browser: Browser, db: Database, what: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const heldSince = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await signInByApi(context.request, await db.createUser("admin", { heldSince }));
    await page.goto("/settings/approvals");
    const item = page.locator("li[data-change-id]").filter({ hasText: what });
    // The decided ones may hold an earlier change of the same words: this one is found by its id.
    const changeId = await item.getAttribute("data-change-id");
    await item.getByRole("button", { name: /^Approve/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
    await expect(item).toHaveCount(0);
    await expect(page.locator(`tr[data-change-id="${changeId}"]`)).toContainText("Approved and performed.");
  } finally {
    await context.close();
  }
}
