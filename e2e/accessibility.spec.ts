import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { consolePages, phone, type ConsolePage } from "./console-pages";
import { fillPath, inConsole, test } from "./console-sessions";
import { watchCsp } from "./csp-watch";
import { expect, LoginPage } from "./fixtures";

// Every console page (e2e/console-pages.ts) analysed by axe-core against WCAG 2.1 A and AA: a serious or critical
// violation fails the page's test. Moderate and minor ones are attached to the test's report. Each page is analysed
// on a wide screen and again on a phone 390 px wide (light theme), where the page must not scroll sideways either.
// On every visit, a Content-Security-Policy violation (a blocked inline style or script) fails the test too.

const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const blocking = new Set(["serious", "critical"]);

type AxeViolation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

test.describe.configure({ mode: "parallel" });

/** One line per violation: rule, impact, what it asks for, and where (the first few elements). */
function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const targets = v.nodes.map((node) => node.target.join(" >> "));
      const shown = targets.slice(0, 4).join(" | ") + (targets.length > 4 ? ` | … ${targets.length - 4} more` : "");
      return `- ${v.id} (${v.impact}): ${v.help} [${v.helpUrl}]\n    on ${shown}`;
    })
    .join("\n");
}

async function analyse(page: Page, entry: ConsolePage) {
  let builder = new AxeBuilder({ page }).withTags(wcagTags);
  for (const { selector } of entry.exclude ?? []) builder = builder.exclude(selector);
  return builder.analyze();
}

/** The passes of a page: light on a wide screen, dark too for the pages that ask for it, and light on a phone. */
type Pass = { theme: "light" | "dark"; phone: boolean };
const passes = (entry: ConsolePage): Pass[] => [
  { theme: "light", phone: false },
  ...(entry.dark ? [{ theme: "dark" as const, phone: false }] : []),
  { theme: "light", phone: true },
];

for (const entry of consolePages) {
  for (const { theme, phone: onPhone } of passes(entry)) {
    const pass = onPhone ? `${theme}, 390 px` : theme;
    test(`${entry.name} (${entry.role}, ${pass}): no serious or critical WCAG 2.1 AA violation`, async ({
      page,
      context,
      db,
      sessions,
    }, testInfo) => {
      await context.addCookies(await sessions(entry.role));
      const parts = (await entry.arrange?.(db)) ?? {};
      await page.emulateMedia({ colorScheme: theme });
      if (onPhone) {
        // A phone page is several screens tall, and axe reads all of it (the 40-country price matrix ran past 60 s on a
        // loaded machine).
        test.slow();
        await page.setViewportSize(phone);
      }
      const csp = await watchCsp(page);
      await page.goto(fillPath(entry.path, parts));
      await (entry.wait ?? ((p: Page) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()))(page);
      // The console's pages are analysed once hydrated (what effects add, such as a table's scroll focus, is there).
      if (inConsole(entry)) await expect(new LoginPage(page).accountMenu()).toBeVisible();
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      if (onPhone) {
        const { scrollWidth, clientWidth } = await page.evaluate(() => {
          const root = document.scrollingElement!;
          return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
        });
        expect
          .soft(scrollWidth, `${page.url()} scrolls sideways at 390 px (${scrollWidth} px of content)`)
          .toBeLessThanOrEqual(clientWidth);
        // To look at the phone layouts: PHONE_SCREENSHOTS=1 keeps each page's whole length beside the test's results
        // (left out by default: a full-page screenshot of every page costs the suite minutes).
        if (process.env.PHONE_SCREENSHOTS) await page.screenshot({ path: testInfo.outputPath("phone.png"), fullPage: true });
      }

      const { violations } = await analyse(page, entry);
      const [failing, reported] = [
        violations.filter((v) => blocking.has(v.impact ?? "")),
        violations.filter((v) => !blocking.has(v.impact ?? "")),
      ];
      if (reported.length > 0)
        await testInfo.attach("moderate and minor violations", { body: describeViolations(reported), contentType: "text/plain" });
      expect.soft(csp, `Content-Security-Policy violations on ${page.url()}`).toEqual([]);
      expect(failing.length, `serious or critical violations on ${page.url()} (${pass}):\n${describeViolations(failing)}`).toBe(0);
    });
  }
}
