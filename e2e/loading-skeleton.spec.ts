import AxeBuilder from "@axe-core/playwright";
import pg from "pg";
import { expect, test } from "./fixtures";

// A section whose page waits on data streams its loading skeleton first. Held here by locking the table the monitors
// page reads (for a moment, in a transaction of the test's own), so the skeleton can be read and analysed.

test("the monitors page's skeleton says what loads, is busy, passes axe, and gives way to the page", async ({ page, login, db }) => {
  await login.signInAndWait(await db.createUser("admin"));
  const holder = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await holder.connect();
  try {
    await holder.query("begin");
    await holder.query("lock table monitors in access exclusive mode");
    await page.goto("/monitors", { waitUntil: "commit" });

    const skeleton = page.getByTestId("page-skeleton");
    await expect(skeleton).toHaveAttribute("aria-busy", "true");
    await expect(skeleton.getByRole("status")).toHaveText("Loading the monitors…");
    const { violations } = await new AxeBuilder({ page })
      .include('[data-testid="page-skeleton"]')
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  } finally {
    await holder.query("rollback");
    await holder.end();
  }
  await expect(page.getByRole("heading", { level: 1, name: "Monitors" })).toBeVisible();
  await expect(page.getByTestId("page-skeleton")).toHaveCount(0);
});
