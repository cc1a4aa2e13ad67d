import { randomUUID } from "node:crypto";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { billingWorkspaceRow, billingWorkspacesTable, openWorkspaceDrawer } from "./billing-workspaces";
import { phone } from "./console-pages";
import { expect, gotoInteractive, test } from "./fixtures";
import { postMonitorNotification } from "./monitor-notification";
import { orderedDossier } from "./ordered-dossier";
import { sim } from "./simulator-api";

// The console on a phone, 390 px wide: nothing scrolls sideways, the navigation opens from the header's menu button,
// the filters fold away. (The page sweep, e2e/page-sweep.spec.ts, also reads every page at this width.)

test.use({ viewport: phone });

async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement!;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth, `${where} (${page.url()}) is ${scrollWidth} px wide on a ${clientWidth} px screen`).toBeLessThanOrEqual(clientWidth);
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

test("home on a phone: nothing scrolls sideways, the header fits, and the menu button opens the navigation", async ({
  page,
  asRole,
}, testInfo) => {
  await asRole("compliance");
  await gotoInteractive(page, "/");
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(page.getByText("Reading…")).toHaveCount(0);
  await expectNoSidewaysScroll(page, "home");
  await shoot(page, testInfo, "home");

  // The header holds the menu button, the connection picker and the account menu, all inside the screen.
  for (const control of [
    page.getByRole("button", { name: "Open navigation" }),
    page.getByRole("combobox", { name: "Active registry connection" }),
    page.getByRole("button", { name: /^Account menu/ }),
  ]) {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
  }

  // The connection's name shows whole: its select is wide enough for the chosen option's text (beside the browser's arrow).
  const { text, room } = await page.getByRole("combobox", { name: "Active registry connection" }).evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const arrow = 20;
    return {
      text: context.measureText(select.selectedOptions[0]!.text).width,
      room: select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow,
    };
  });
  expect(text, "the connection's name is cut").toBeLessThanOrEqual(room);

  // No sidebar: the sections are behind the menu button.
  await expect(page.getByRole("navigation", { name: "Console" })).toBeHidden();
  const menu = page.getByRole("button", { name: "Open navigation" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await menu.click();
  const drawer = page.getByRole("dialog", { name: "Navigation" });
  await expect(drawer.getByRole("navigation", { name: "Console" }).getByRole("link", { name: /^Alerts/ })).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  // Focus moves into the drawer, and the page behind it is inert (a modal dialog).
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest("dialog")?.id)).toBe("console-navigation");
  await expectNoSidewaysScroll(page, "home with the navigation open");
  await shoot(page, testInfo, "navigation");

  // Escape closes it and gives focus back to the menu button.
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(menu).toHaveAttribute("aria-expanded", "false");

  // So does the close button; a link goes to its section and closes the drawer.
  await menu.click();
  await drawer.getByRole("button", { name: "Close navigation" }).click();
  await expect(drawer).toBeHidden();
  await menu.click();
  await drawer.getByRole("link", { name: /^Alerts/ }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Alerts/ })).toBeVisible();
  await expect(drawer).toBeHidden();
});

test("the alerts inbox and an alert on a phone: nothing scrolls sideways, the filters fold behind a button", async ({
  page,
  db,
  signIn,
}, testInfo) => {
  const tag = randomUUID().slice(0, 8);
  const monitorId = `mon_mobile_${tag}`;
  const alertId = await postMonitorNotification(db, { monitorId, companyId: `HRB ${tag}`, categories: ["address", "ownership"] });
  await signIn(await db.createUser("compliance"));

  await gotoInteractive(page, `/alerts?monitor=${monitorId}`);
  await expect(page.locator(`tr[data-alert-id="${alertId}"]`)).toBeVisible();
  const form = page.getByRole("form", { name: "Filter alerts" });
  const filters = page.getByRole("button", { name: "Filters (1 set)" });
  await expect(form.getByLabel("State")).toBeHidden();
  await expect(filters).toHaveAttribute("aria-expanded", "false");
  await expectNoSidewaysScroll(page, "the alerts inbox");
  await shoot(page, testInfo, "alerts");

  await filters.click();
  await expect(filters).toHaveAttribute("aria-expanded", "true");
  await expect(form.getByLabel("State")).toBeVisible();
  await expect(form.getByLabel("Monitor")).toHaveValue(monitorId);
  await expectNoSidewaysScroll(page, "the alerts inbox with its filters open");
  await shoot(page, testInfo, "alerts-filters");

  await gotoInteractive(page, `/alerts/${alertId}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("alert-timeline")).toBeVisible();
  await expectNoSidewaysScroll(page, "an alert");
  await shoot(page, testInfo, "alert");
});

test("every list's filters fold behind a button on a phone, and open without scrolling the page sideways", async ({ page, asRole }) => {
  await asRole("admin");
  for (const [path, name] of [
    ["/requests?company=acme&caseReference=KYC", "Filter requests"],
    ["/audit?from=2026-01-01&target=someone", "Filter the audit log"],
    ["/pricing?country=FR&country=DE", "Filter prices"],
    ["/calendar", "Filter the calendar"],
    ["/portfolio?rating=high&due=overdue", "Filter the portfolio"],
    ["/settings/webhooks", "Filter the ledger"],
  ] as const) {
    await gotoInteractive(page, path);
    const form = page.getByRole("form", { name });
    const button = form.getByRole("button", { name: /^Filters/ });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(form.getByRole("button", { name: "Apply" })).toBeHidden();
    await expectNoSidewaysScroll(page, `${path} with its filters folded`);
    await button.click();
    await expect(form.getByRole("button", { name: "Apply" })).toBeVisible();
    const choices = form.locator("details summary");
    for (const summary of await choices.all()) await summary.click();
    await expectNoSidewaysScroll(page, `${path} with its filters open`);
  }
});

test("a dossier on a phone: no tab scrolls the page sideways", async ({ page, db, signIn }, testInfo) => {
  test.setTimeout(120_000);
  const requestId = await orderedDossier(db, "DE", "HRB 86891");
  await signIn(await db.createUser("compliance"));
  await gotoInteractive(page, `/requests/${requestId}`);
  await expect(page.getByText("This request is complete")).toBeVisible({ timeout: 30_000 });
  const settled: Record<string, () => Promise<void>> = {
    Overview: () => expect(page.getByRole("heading", { name: "Risk summary" })).toBeVisible(),
    People: () => expect(page.getByRole("heading", { name: /^Legal representatives/ })).toBeVisible(),
    Ownership: () =>
      expect(page.locator('[data-testid="ownership-tab"], [data-testid="ownership-empty"]')).toBeVisible({ timeout: 20_000 }),
    Documents: () => expect(page.locator("[data-download]").first()).toBeVisible(),
    Financials: () => expect(page.getByTestId("ratio-chart")).toBeVisible(),
    Raw: () => expect(page.getByTestId("raw-snapshot")).toBeVisible(),
  };
  for (const [tab, ready] of Object.entries(settled)) {
    await page.getByRole("tab", { name: tab, exact: true }).click();
    await ready();
    await expectNoSidewaysScroll(page, `the dossier's ${tab} tab`);
    await shoot(page, testInfo, `dossier-${tab.toLowerCase()}`);
  }
});

test("billing on a phone: its tables fold into rows, the workspace drawer fits the screen, the charts stay readable", async ({
  page,
  db,
  signIn,
}, testInfo) => {
  test.setTimeout(120_000);
  const name = `e2e-phone-${randomUUID().slice(0, 8)}`;
  const created = await sim("POST", "/v2/workspaces", { name, legalName: "E2E phone billing" });
  expect(created.status).toBe(201);
  const workspaceId = created.json.id as string;
  const override = {
    highUsageEnabled: true,
    highUsagePeriodMinutes: 60,
    highUsageTiers: [
      { tier: "first", cents: 500 },
      { tier: "second", cents: 1000 },
    ],
  };
  expect((await sim("PATCH", `/v2/billing/notifications/workspaces/${workspaceId}/config`, override)).status).toBe(200);
  expect((await sim("POST", "/_sim/spend", { workspace: workspaceId, credits: 6 })).status).toBe(200);
  await signIn(await db.createUser("finance"));

  await gotoInteractive(page, "/billing");
  await expect(billingWorkspaceRow(page, name)).toBeVisible();
  const events = page.getByRole("table", { name: "Recent billing events" });
  await expect(events.locator("tr[data-billing-event]").first()).toBeVisible({ timeout: 20_000 });
  await expectNoSidewaysScroll(page, "billing");
  // Each table fits its box: nothing is cut at its right edge, nothing to scroll to.
  for (const table of [billingWorkspacesTable(page), events]) {
    const { scrollWidth, clientWidth } = await table.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.parentElement!.clientWidth,
    }));
    expect(scrollWidth, `${await table.getAttribute("aria-label")} is cut`).toBeLessThanOrEqual(clientWidth);
  }
  // Folded, a row's cells stack (still cells to a screen reader), each led by its column's name.
  const tierCell = billingWorkspaceRow(page, name).getByRole("cell").nth(2);
  await expect(tierCell).toHaveCSS("display", "block");
  expect(await tierCell.evaluate((el) => getComputedStyle(el, "::before").content)).toContain("Tier reached");
  await expectReadableChart(page.getByRole("region", { name: "Spend over time" }).getByTestId("spend-chart"));
  await shoot(page, testInfo, "billing");

  const drawer = await openWorkspaceDrawer(page, name);
  const chart = drawer.locator(`[data-workspace-spend="${workspaceId}"]`).getByTestId("spend-chart");
  await expect(chart).toHaveAttribute("data-peak-cents", "600");
  const fit = await drawer.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
    wider: [...el.querySelectorAll("*")]
      .filter((inner) => inner.getBoundingClientRect().right > window.innerWidth + 1)
      .map(
        (inner) =>
          `${inner.tagName.toLowerCase()} "${inner.textContent?.slice(0, 40)}" ends at ${Math.round(inner.getBoundingClientRect().right)}`,
      ),
  }));
  expect(fit.scrollWidth, "the drawer scrolls sideways").toBeLessThanOrEqual(fit.clientWidth);
  expect(fit.wider, "elements past the screen's right edge").toEqual([]);
  await expectReadableChart(chart);
  // Each tier's name lies inside the chart, clear of the spend line's latest climb at its right edge.
  for (const tier of ["first", "second"]) {
    const label = chart.locator(`[data-tier="${tier}"]`);
    await expect(label).toBeVisible();
    await expect(label).toHaveAttribute("data-side", "left");
  }
  await shoot(page, testInfo, "billing-drawer");
});

/** A spend chart on a phone: tall enough to read, its words at least 12 px, none cut at its edges. */
async function expectReadableChart(chart: Locator) {
  const box = (await chart.boundingBox())!;
  expect(box.height, "the chart's height").toBeGreaterThanOrEqual(180);
  const words = await chart.evaluate((el) =>
    [...el.querySelectorAll("span")].map((span) => {
      const rect = span.getBoundingClientRect();
      const frame = el.getBoundingClientRect();
      return {
        text: span.textContent,
        size: parseFloat(getComputedStyle(span).fontSize),
        inside: rect.left >= frame.left - 1 && rect.right <= frame.right + 1,
      };
    }),
  );
  expect(words.length).toBeGreaterThan(3);
  for (const word of words) expect(word, `"${word.text}"`).toMatchObject({ inside: true });
  expect(Math.min(...words.map((w) => w.size))).toBeGreaterThanOrEqual(12);
}

test("the 403 page on a phone has one main landmark, and the sandbox band is in a landmark of its own", async ({ page, asRole }) => {
  await asRole("compliance");
  await gotoInteractive(page, "/settings");
  await expect(page.getByRole("heading", { level: 1, name: "403 · Not allowed" })).toBeVisible();
  await expect(page.locator("main")).toHaveCount(1);
  await expect(page.getByRole("main")).toContainText("Your role does not give access to this page.");
  await expect(page.getByRole("region", { name: "Sandbox" })).toContainText("Sandbox ·");
  await expectNoSidewaysScroll(page, "the 403 page");
});

test("a 404, from a console page or from an address no page has, has one main landmark", async ({ page, asRole }) => {
  await asRole("compliance");
  for (const path of ["/alerts/999999999", "/no-such-page"]) {
    await gotoInteractive(page, path);
    await expect(page.getByRole("heading", { level: 1, name: "404 · Not found" })).toBeVisible();
    await expect(page.locator("main")).toHaveCount(1);
    await expect(page.getByRole("main")).toContainText("There is no page at this address.");
  }
});

test("the console has a favicon of its own", async ({ page, request, asRole }) => {
  await asRole("auditor");
  await gotoInteractive(page, "/");
  const href = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(href).toMatch(/^\/icon\.svg/);
  const icon = await request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
  expect(await icon.text()).toContain("<svg");
});
