import AxeBuilder from "@axe-core/playwright";
import { expect, gotoInteractive, test } from "./fixtures";

// A section whose page waits on data shows its loading skeleton at once on a navigation: held here by delaying the
// page's server answer (not its prefetch, which brings the skeleton), so the skeleton can be read and analysed.

const sections = [
  { link: "Alerts", path: "/alerts", status: "Loading the alerts…", heading: /Alerts/ },
  { link: "Monitors", path: "/monitors", status: "Loading the monitors…", heading: /Monitors/ },
  { link: "Portfolio", path: "/portfolio", status: "Loading the portfolio…", heading: /Portfolio/ },
  { link: "Audit", path: "/audit", status: "Loading the audit log…", heading: /Audit/ },
];

for (const section of sections) {
  test(`${section.link}: the skeleton says what loads, is busy, passes axe, and gives way to the page`, async ({ page, login, db }) => {
    await login.signInAndWait(await db.createUser("admin"));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === section.path,
      async (route) => {
        const headers = route.request().headers();
        const prefetch = Object.keys(headers).some((name) => name.includes("prefetch"));
        if (headers.rsc && !prefetch) await released;
        await route.continue();
      },
    );
    await gotoInteractive(page, "/requests");
    await page.getByRole("navigation", { name: "Console" }).locator(`a[href="${section.path}"]`).click();

    const skeleton = page.getByTestId("page-skeleton");
    await expect(skeleton).toHaveAttribute("aria-busy", "true");
    await expect(skeleton.getByRole("status")).toHaveText(section.status);
    const { violations } = await new AxeBuilder({ page })
      .include('[data-testid="page-skeleton"]')
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

    release();
    await expect(page.getByRole("heading", { level: 1, name: section.heading })).toBeVisible();
    await expect(skeleton).toHaveCount(0);
  });
}
