import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { apiNames } from "../lib/vocabulary/words.shared";
import { apiNameOffenders, visibleText } from "./api-names";
import { consolePages, phone } from "./console-pages";
import { fillPath, inConsole, test } from "./console-sessions";
import { watchCsp } from "./csp-watch";
import { expect, LoginPage } from "./fixtures";

// Every console page (e2e/console-pages.ts), opened once as its role, in the state its entry brings it to:
// - its words: no API name outside Technical details (e2e/api-names.ts);
// - axe-core against WCAG 2.1 A and AA, in the light theme on a wide screen, in the dark theme for the pages that ask
//   for it, and in the light theme on a phone 390 px wide, where the page must not scroll sideways either. A serious
//   or critical violation fails the test; moderate and minor ones are attached to its report;
// - a Content-Security-Policy violation (a blocked inline style or script) on the visit fails the test too.
// The theme follows the system's (next-themes), and the layouts follow the width (CSS, and ResizeObserver where a
// component measures), so each pass changes the open page instead of loading it again.

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

/** Waits until what the last change (theme, width) made React render is painted. */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

test("the key list holds the API names and leaves out plain words", () => {
  const names = apiNames();
  expect(names).toEqual(
    expect.arrayContaining([
      "maxBudget",
      "customer_provided",
      "backupAccounts",
      "dual_control.approved",
      "ultimateBeneficialOwners",
      "legalAddress",
      "addressLine1",
      "sharePercentage",
    ]),
  );
  for (const word of ["email", "password", "status"]) expect(names).not.toContain(word);
  expect(apiNameOffenders(["Raise maxBudget to 31 credits", "about 1 credits", "Raise the spend cap to 31 credits", "21 credits"])).toEqual(
    ['maxBudget  in  "Raise maxBudget to 31 credits"', '1 credits  in  "about 1 credits"'],
  );
});

for (const entry of consolePages) {
  const passes = ["light", ...(entry.dark ? ["dark"] : []), "light, 390 px"].join(", ");
  test(`${entry.name} (${entry.role}): words, and no serious or critical WCAG 2.1 AA violation (${passes})`, async ({
    page,
    context,
    db,
    sessions,
  }, testInfo) => {
    // Two or three axe passes, some over pages several screens tall (the 40-country price matrix on a phone).
    test.slow();
    await context.addCookies(await sessions(entry.role));
    const parts = (await entry.arrange?.(db)) ?? {};
    await page.emulateMedia({ colorScheme: "light" });
    const csp = await watchCsp(page);
    await page.goto(fillPath(entry.path, parts));
    await (entry.wait ?? ((p: Page) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()))(page);
    // The console's pages are read once hydrated (what effects add, such as a table's scroll focus, is there).
    if (inConsole(entry)) await expect(new LoginPage(page).accountMenu()).toBeVisible();

    const words = apiNameOffenders(await visibleText(page));
    expect.soft(words, `API names on ${page.url()} outside Technical details:\n${words.join("\n")}`).toEqual([]);

    const analyse = async (pass: string) => {
      let builder = new AxeBuilder({ page }).withTags(wcagTags);
      for (const { selector } of entry.exclude ?? []) builder = builder.exclude(selector);
      const { violations } = await builder.analyze();
      const reported = violations.filter((v) => !blocking.has(v.impact ?? ""));
      const failing = violations.filter((v) => blocking.has(v.impact ?? ""));
      if (reported.length > 0)
        await testInfo.attach(`moderate and minor violations (${pass})`, { body: describeViolations(reported), contentType: "text/plain" });
      expect.soft(failing.length, `serious or critical violations on ${page.url()} (${pass}):\n${describeViolations(failing)}`).toBe(0);
    };

    await analyse("light");
    if (entry.dark) {
      await page.emulateMedia({ colorScheme: "dark" });
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      await nextFrames(page);
      await analyse("dark");
      await page.emulateMedia({ colorScheme: "light" });
      await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    }

    await page.setViewportSize(phone);
    await nextFrames(page);
    const { scrollWidth, clientWidth, widest } = await page.evaluate(() => {
      const root = document.scrollingElement!;
      // What sticks out: the innermost elements reaching past the right edge that no scroll box of theirs clips.
      const clipped = (element: Element) => {
        for (let up = element.parentElement; up && up !== document.body; up = up.parentElement)
          if (getComputedStyle(up).overflowX !== "visible") return true;
        return false;
      };
      const out = [...document.body.querySelectorAll("*")].filter(
        (element) => element.getBoundingClientRect().right > root.clientWidth + 1 && !clipped(element),
      );
      const innermost = out.filter((element) => !out.some((other) => other !== element && element.contains(other)));
      const widest = innermost.slice(0, 4).map((element) => {
        const classes = typeof element.className === "string" ? element.className.split(/\s+/).slice(0, 4).join(".") : "";
        const text = (element.textContent ?? "").trim().slice(0, 60);
        return `<${element.tagName.toLowerCase()}${classes ? ` .${classes}` : ""}> to ${Math.round(element.getBoundingClientRect().right)} px: "${text}"`;
      });
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest };
    });
    expect
      .soft(scrollWidth, `${page.url()} scrolls sideways at 390 px (${scrollWidth} px of content), past the edge:\n${widest.join("\n")}`)
      .toBeLessThanOrEqual(clientWidth);
    // To look at the phone layouts: PHONE_SCREENSHOTS=1 keeps each page's whole length beside the test's results
    // (left out by default: a full-page screenshot of every page costs the suite minutes).
    if (process.env.PHONE_SCREENSHOTS) await page.screenshot({ path: testInfo.outputPath("phone.png"), fullPage: true });
    await analyse("light, 390 px");

    expect(csp, `Content-Security-Policy violations on ${page.url()}`).toEqual([]);
  });
}
