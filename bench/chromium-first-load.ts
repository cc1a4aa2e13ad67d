import type { BrowserContext, Page } from "@playwright/test";
import { gzipSync } from "node:zlib";

/** What Chromium downloaded for one page: the scripts before the load event (the first-load figure) and after it. */
export type ChromiumFirstLoad = { loadedBytes: number; loadedScripts: number; laterBytes: number; laterScripts: number };

/**
 * Opens `url` in Chromium and sums, gzip-compressed, the scripts it downloaded before the load event: the project's
 * definition of first-load JavaScript. `after` (e.g. waiting for a lazily loaded chart) runs once the page has loaded;
 * scripts fetched meanwhile are counted apart, as loaded later.
 */
export async function chromiumFirstLoad(
  context: BrowserContext,
  url: string,
  after?: (page: Page) => Promise<void>,
): Promise<ChromiumFirstLoad> {
  const page = await context.newPage();
  const scripts: Promise<number>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(
      response.body().then(
        (body) => gzipSync(body).length,
        () => 0,
      ),
    );
  });
  try {
    const status = (await page.goto(url, { waitUntil: "load" }))?.status();
    if (status !== 200) throw new Error(`${url} answered ${status}`);
    const loadedScripts = scripts.length;
    await after?.(page);
    const sizes = await Promise.all(scripts);
    const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
    return {
      loadedBytes: sum(sizes.slice(0, loadedScripts)),
      loadedScripts,
      laterBytes: sum(sizes.slice(loadedScripts)),
      laterScripts: sizes.length - loadedScripts,
    };
  } finally {
    await page.close();
  }
}
