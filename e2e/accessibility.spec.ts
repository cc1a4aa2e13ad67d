import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { consolePages, type ConsolePage } from "./console-pages";
import { fillPath, inConsole, test } from "./console-sessions";
import { expect, LoginPage } from "./fixtures";

// Every console page (e2e/console-pages.ts) analysed by axe-core against WCAG 2.1 A and AA: a serious or critical
// violation fails the page's test. Moderate and minor ones are attached to the test's report.

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

const themes = (entry: ConsolePage) => (entry.dark ? (["light", "dark"] as const) : (["light"] as const));

for (const entry of consolePages) {
  for (const theme of themes(entry)) {
    test(`${entry.name} (${entry.role}, ${theme}): no serious or critical WCAG 2.1 AA violation`, async ({
      page,
      context,
      db,
      sessions,
    }, testInfo) => {
      const parts = (await entry.arrange?.(db)) ?? {};
      await context.addCookies(await sessions(entry.role));
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(fillPath(entry.path, parts));
      await (entry.wait ?? ((p: Page) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()))(page);
      // The console's pages are analysed once hydrated (what effects add, such as a table's scroll focus, is there).
      if (inConsole(entry)) await expect(new LoginPage(page).accountMenu()).toBeVisible();
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);

      const { violations } = await analyse(page, entry);
      const [failing, reported] = [
        violations.filter((v) => blocking.has(v.impact ?? "")),
        violations.filter((v) => !blocking.has(v.impact ?? "")),
      ];
      if (reported.length > 0)
        await testInfo.attach("moderate and minor violations", { body: describeViolations(reported), contentType: "text/plain" });
      expect(failing.length, `serious or critical violations on ${page.url()} (${theme}):\n${describeViolations(failing)}`).toBe(0);
    });
  }
}
