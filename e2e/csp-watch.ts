import type { Page } from "@playwright/test";

/**
 * What Chromium reports as a Content-Security-Policy violation on this page, from its first script on: the DOM
 * event (logged by an init script) and the browser's own console message.
 */
export async function watchCsp(page: Page): Promise<string[]> {
  const reports: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  page.on("console", (message) => {
    if (/CSP violation|Content Security Policy/i.test(message.text())) reports.push(message.text().slice(0, 300));
  });
  return reports;
}
