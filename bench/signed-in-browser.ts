import { chromium, type Browser, type BrowserContext } from "@playwright/test";

/** Debian's Chromium (or PLAYWRIGHT_CHROMIUM_PATH) with a context carrying the session cookie for `origin`. */
export async function signedInBrowser(origin: string, cookie: string): Promise<{ browser: Browser; context: BrowserContext }> {
  const browser = await chromium.launch({
    executablePath: (process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium") || undefined,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
  await context.addCookies([{ name, value, url: origin }]);
  return { browser, context };
}
