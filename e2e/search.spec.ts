import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

type Seen = { status: string; rows: number; at: number };
type SearchWindow = Window & { searchStates?: Seen[] };

/** Records every (status line, rows in the DOM) the page goes through, from before it loads. */
async function recordStates(page: Page) {
  await page.addInitScript(() => {
    const w = window as SearchWindow;
    w.searchStates = [];
    const observer = new MutationObserver(() => {
      const status = document.querySelector('[data-testid="search-status"]')?.textContent ?? "";
      const rows = document.querySelectorAll('[data-testid="search-results"] li').length;
      const last = w.searchStates!.at(-1);
      if (!last || last.status !== status || last.rows !== rows) w.searchStates!.push({ status, rows, at: performance.now() });
    });
    document.addEventListener("DOMContentLoaded", () =>
      observer.observe(document.body, { subtree: true, childList: true, characterData: true }),
    );
  });
}

const results = (page: Page) => page.getByRole("list", { name: /^Results for/ });
const rows = (page: Page) => results(page).getByRole("listitem");
const scroller = (page: Page) => page.getByTestId("search-results");
const status = (page: Page) => page.getByTestId("search-status");

test.describe("search", () => {
  test.beforeEach(async ({ asRole }) => {
    await asRole("compliance");
  });

  test("results stream in: rows appear while still searching, then the final state", async ({ page }) => {
    await recordStates(page);
    await page.goto("/search?country=DE&q=MANY_RESULTS");
    await expect(status(page)).toHaveText("Search complete: 3,000 results", { timeout: 15_000 });
    const states = await page.evaluate(() => (window as SearchWindow).searchStates!);
    const streaming = states.filter((s) => s.status.startsWith("Still searching…") && s.rows > 0);
    expect(streaming.length, JSON.stringify(states)).toBeGreaterThan(0);
    expect(streaming[0]!.status).toMatch(/^Still searching… [\d,]+ results so far$/);
    const complete = states.findIndex((s) => s.status.startsWith("Search complete"));
    expect(states.indexOf(streaming[0]!)).toBeLessThan(complete);
    // More than one partial state: each source's rows appear as it finishes.
    expect(new Set(states.filter((s) => s.status.startsWith("Still searching")).map((s) => s.status)).size).toBeGreaterThan(1);
  });

  test("a row is a link showing legal name, other names, id, address and the match reason; a click opens the company page", async ({
    page,
  }) => {
    await page.goto("/search?country=FR&q=MATCH_REASONS");
    await expect(status(page)).toHaveText("Search complete: 4 results", { timeout: 15_000 });
    await expect(results(page).getByRole("link")).toHaveCount(4);
    const idRow = rows(page).filter({ hasText: "Matched the identifier (SIREN number: " }).getByRole("link");
    await expect(idRow).toHaveCount(1);
    // A real <a href>: the browser's own "copy link" and "open in new tab" have the company's address.
    expect(await idRow.evaluate((el) => el.tagName)).toBe("A");
    const href = await idRow.getAttribute("href");
    expect(href).toMatch(/^\/companies\/FR\/\d{9}$/);
    await expect(idRow).toContainText(`FR · ${href!.split("/").pop()}`);
    await expect(rows(page).filter({ hasText: "Matched part of the identifier" })).toHaveCount(1);
    await expect(rows(page).filter({ hasText: "Matched the exact legal name" })).toHaveCount(1);
    // Ctrl (⌘) opens it in a new tab, as any link does; a plain click opens it here.
    const opened = page.context().waitForEvent("page");
    await idRow.click({ modifiers: ["ControlOrMeta"] });
    await (await opened).waitForURL((url) => url.pathname === href);
    await idRow.click();
    await page.waitForURL((url) => url.pathname === href);
  });

  test("the query box has the focus on load, and a sandbox test company is found by a word of its name", async ({ page }) => {
    await page.goto("/search");
    const box = page.getByLabel("Name or number");
    await expect(box).toBeFocused();
    await page.getByLabel("Country").selectOption("FR");
    await box.fill("diamond");
    await box.press("Enter");
    await expect(status(page)).toHaveText(/^Search complete/, { timeout: 15_000 });
    const first = results(page).getByRole("link").first();
    await expect(first).toHaveAttribute("href", "/companies/FR/OWNERSHIP_DIAMOND");
    await expect(first).toContainText("FR · OWNERSHIP_DIAMOND");
    await expect(first).toContainText("Sandbox test company: OWNERSHIP_DIAMOND");
    const name = (await first.locator("bdi").first().textContent())!;
    await box.press("ArrowDown");
    await expect(first).toBeFocused();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/companies/FR/OWNERSHIP_DIAMOND");
    // The company page finds the same company by its id: its heading is the legal name the row showed.
    await expect(page.getByRole("heading", { level: 1 })).toContainText(name);

    // A search link opened afresh puts the focus in the box too.
    await page.goto("/search?country=DE&q=large");
    await expect(page.getByLabel("Name or number")).toBeFocused();
    await expect(results(page).getByRole("link").first()).toHaveAttribute("href", "/companies/DE/LARGE", { timeout: 15_000 });
  });

  test("a search-level error shows its code and message, and Retry runs the search again", async ({ page }) => {
    const streams: string[] = [];
    page.on("request", (r) => void (r.url().includes("/api/search/stream") && streams.push(r.url())));
    await page.goto("/search?country=GB&q=SERVICE_UNAVAILABLE");
    const alert = page.getByRole("alert").filter({ hasText: "service_unavailable" });
    await expect(alert).toContainText("Search failed; retry later.", { timeout: 15_000 });
    await expect(status(page)).toHaveText(/^Search stopped/);
    expect(streams).toHaveLength(1);
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect.poll(() => streams.length).toBe(2);
    await expect(page.getByRole("alert").filter({ hasText: "service_unavailable" })).toBeVisible({ timeout: 15_000 });
  });

  test("a 429 says when to retry, holds Retry until then, and the retry then works", async ({ page }) => {
    await page.route("**/api/search/stream**", (route) =>
      route.fulfill({
        status: 200,
        headers: { "content-type": "text/event-stream" },
        body: `event: error\ndata: ${JSON.stringify({ error: { status: 429, code: "rate_limited", message: "Too many requests; retry after the time given in Retry-After.", details: [], retryable: true, retryAfter: 2 }, receivedAt: Date.now() })}\n\n`,
      }),
    );
    await page.goto("/search?country=NL&q=acme");
    const alert = page.getByRole("alert").filter({ hasText: "rate_limited" });
    await expect(alert).toContainText("Too many requests");
    await expect(alert.getByTestId("retry-after")).toHaveText(/retry in [12] s/);
    const retry = alert.getByRole("button", { name: "Retry" });
    await expect(retry).toBeDisabled();
    await page.unroute("**/api/search/stream**");
    await expect(retry).toBeEnabled({ timeout: 4_000 });
    await retry.click();
    await expect(status(page)).toHaveText(/^Search complete/, { timeout: 15_000 });
    await expect(page.getByRole("alert").filter({ hasText: "rate_limited" })).toHaveCount(0);
  });

  test("thousands of results: only a window of rows is in the DOM, and scrolling reaches the end", async ({ page }) => {
    await page.goto("/search?country=SE&q=MANY_RESULTS");
    await expect(status(page)).toHaveText("Search complete: 3,000 results", { timeout: 15_000 });
    const options = rows(page);
    expect(await options.count()).toBeLessThan(40);
    await expect(options.first()).toHaveAttribute("aria-posinset", "1");
    await scroller(page).evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
    // The rows scrolled past leave the DOM (the current row, the first, stays: it keeps the focus when it has it).
    await expect(page.locator('li[aria-posinset="2"]')).toHaveCount(0);
    await expect(options.nth(1)).not.toHaveAttribute("aria-posinset", "2");
    await scroller(page).evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(page.locator('li[aria-posinset="3000"]')).toBeVisible();
    expect(await options.count()).toBeLessThan(40);
  });

  test("keyboard: Down from the search box enters the first row and Up on it goes back; arrows move the focus, End reaches the last, Enter opens the company", async ({
    page,
  }) => {
    await page.goto("/search?country=DE&q=MANY_RESULTS");
    await expect(status(page)).toHaveText("Search complete: 3,000 results", { timeout: 15_000 });
    const box = page.getByLabel("Name or number");
    const row = (index: number) => page.locator(`#search-result-${index}`);
    await expect(box).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(row(0)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(row(1)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(row(0)).toBeFocused();
    await page.keyboard.press("ArrowUp"); // on the first row: back to the box
    await expect(box).toBeFocused();

    // The list is one tab stop: Tab lands on its current row, and only that row is tabbable.
    await page.keyboard.press("Tab"); // transliterate switch
    await page.keyboard.press("Tab"); // Search
    await page.keyboard.press("Tab"); // the results
    await expect(row(0)).toBeFocused();
    await expect(results(page).locator('a[tabindex="0"]')).toHaveCount(1);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await expect(row(1)).toBeFocused();
    await page.keyboard.press("End");
    await expect(row(2999)).toBeFocused();
    await expect(row(2999)).toBeInViewport();
    // Scrolling the focused row far out of view keeps it (and the focus) in the DOM.
    await scroller(page).evaluate((el) => (el.scrollTop = 0));
    await expect(row(0)).toBeVisible();
    await expect(row(2999)).toBeFocused();
    // From the box again, Down lands on the first row, wherever the list was.
    await box.focus();
    await page.keyboard.press("ArrowDown");
    await expect(row(0)).toBeFocused();
    await expect(row(0)).toBeInViewport();
    await page.keyboard.press("End");
    await expect(row(2999)).toBeFocused();
    const href = await row(2999).getAttribute("href");
    expect(href).toMatch(/^\/companies\/DE\//);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === href);
  });

  test("the URL reproduces a search, and the last country is remembered", async ({ page }) => {
    await page.goto("/search");
    await page.getByLabel("Country").selectOption("FR");
    await expect(page.getByText("SIREN: 9 digits")).toBeVisible();
    await page.getByLabel("Name or number").fill("x");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("Type at least 2 characters.")).toBeVisible();
    await page.getByLabel("Name or number").fill("MATCH_REASONS");
    await page.getByRole("switch", { name: "Transliterate to Latin script" }).check();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?country=FR&q=MATCH_REASONS&transliterate=1$/);
    await expect(status(page)).toHaveText("Search complete: 4 results", { timeout: 15_000 });
    const firstRow = await rows(page).first().textContent();

    // The same link in another tab of the same session shows the same search.
    const other = await page.context().newPage();
    await other.goto(page.url());
    await expect(other.getByLabel("Country")).toHaveValue("FR");
    await expect(other.getByLabel("Name or number")).toHaveValue("MATCH_REASONS");
    await expect(other.getByRole("switch", { name: "Transliterate to Latin script" })).toBeChecked();
    await expect(status(other)).toHaveText("Search complete: 4 results", { timeout: 15_000 });
    await expect(rows(other).first()).toHaveText(firstRow!);

    // Back to an empty search page: the last country is chosen.
    await other.goto("/search");
    await expect(other.getByLabel("Country")).toHaveValue("FR");
  });

  test("every search is audited with user, country and query", async ({ page, db }) => {
    const query = `acme-${Date.now()}`;
    await page.goto(`/search?country=NL&q=${query}`);
    await expect(status(page)).toHaveText(/^Search complete/, { timeout: 15_000 });
    const rows = await db.query<{
      actor_email: string;
      target: string;
      details: { country: string; query: string; transliterate: boolean };
    }>("select actor_email, target, details from audit_log where action = 'search.performed' and details->>'query' = $1", [query]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actor_email).toMatch(/^compliance-.*@e2e\.test$/);
    expect(rows[0]!.target).toBe(`NL:${query}`);
    expect(rows[0]!.details).toMatchObject({ country: "NL", query, transliterate: false });
  });
});
