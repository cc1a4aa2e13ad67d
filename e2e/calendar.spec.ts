import { parseIcs } from "../test/ics-text";
import { expect, test } from "./fixtures";
import { orderedDossier } from "./ordered-dossier";

// GB "INACTIVE" is the simulator's company with overdue filings: accounts due 2025-09-27 (and its flag), the annual filing due 2025-03-14.
const company = { countryCode: "GB", id: "INACTIVE", name: "Kingsbridge Properties Ltd" };

test("a completed request's deadlines show on /calendar, filter, export, and feed a subscribed calendar until revoked", async ({
  page,
  db,
  playwright,
  signIn,
}) => {
  test.setTimeout(120_000);
  const caseReference = `CAL-${crypto.randomUUID().slice(0, 8)}`;
  const requestId = await orderedDossier(db, company.countryCode, company.id, { caseReference });
  await signIn(await db.createUser("compliance"));
  await page.goto(`/requests/${encodeURIComponent(requestId)}`);
  await expect(page.getByText("This request is complete")).toBeVisible({ timeout: 30_000 });

  // Filtered by the case reference: the company's two filings, both overdue, linking to its company file and the file's evidence.
  await page.goto("/calendar");
  await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
  await page.getByLabel("Case reference").fill(caseReference);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`caseReference=${caseReference}`));
  const overdue = page.getByRole("region", { name: /^Overdue/ });
  await expect(overdue.getByRole("row")).toHaveCount(3); // header + accounts + annual filing
  const accounts = overdue.getByRole("row").filter({ hasText: "Annual accounts" });
  await expect(accounts).toContainText("2025-09-27");
  await expect(accounts).toContainText(company.name);
  await expect(accounts).toContainText(caseReference);
  await expect(accounts.getByRole("link", { name: `Dossier: Annual accounts: ${company.name} (GB INACTIVE)` })).toHaveAttribute(
    "href",
    "/companies/GB/INACTIVE",
  );
  await expect(accounts.getByRole("link", { name: /^Evidence pack:/ })).toHaveAttribute("href", "/api/companies/GB/INACTIVE/evidence");
  await expect(overdue.getByRole("row").filter({ hasText: "Annual filing" })).toContainText("2025-03-14");

  // The country and company filters keep it; another country leaves it out; a malformed one is named and ignored.
  await page.getByLabel("Country").selectOption("GB");
  await page.getByLabel("Company (name or id)").fill("kingsbridge");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(overdue.getByRole("row")).toHaveCount(3);
  await page.goto(`/calendar?country=DE&caseReference=${caseReference}`);
  await expect(page.getByText("Nothing overdue matches.")).toBeVisible();
  await page.goto(`/calendar?country=Britain&caseReference=${caseReference}`);
  await expect(page.getByText("Country must be a two-letter country code. It is ignored.")).toBeVisible();
  await expect(overdue.getByRole("row")).toHaveCount(3);

  // The month view places the accounts on their day.
  await page.goto(`/calendar?view=month&month=2025-09&caseReference=${caseReference}`);
  await expect(page.getByRole("heading", { name: "September 2025" })).toBeVisible();
  await expect(page.locator('[data-day="2025-09-27"]')).toContainText(company.name);

  // The filtered download.
  await page.goto(`/calendar?caseReference=${caseReference}`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download .ics" }).click();
  let exported = "";
  for await (const chunk of await (await download).createReadStream()) exported += chunk;
  expect(parseIcs(exported).events.map((e) => e.DTSTART!.value)).toEqual(["20250314", "20250927"]);

  // Subscribe: the URL is shown once; a calendar app (no session) fetches it.
  await page.getByRole("button", { name: "Create feed URL" }).click();
  const feedUrl = await page.getByLabel(/^Your feed URL/).inputValue();
  expect(feedUrl).toMatch(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId("feed-status")).toContainText("Your feed is active since");
  const calendarApp = await playwright.request.newContext();
  try {
    const fetched = await calendarApp.get(feedUrl);
    expect(fetched.status()).toBe(200);
    expect(fetched.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const events = parseIcs(await fetched.text()).events.filter((e) => e.UID!.value.endsWith(".GB.INACTIVE@registry-desk"));
    expect(events.map((e) => [e.SUMMARY!.value, e.DTSTART!.value])).toEqual(
      expect.arrayContaining([
        [`OVERDUE · Annual accounts: ${company.name} (GB INACTIVE)`, "20250927"],
        [`OVERDUE · Annual filing: ${company.name} (GB INACTIVE)`, "20250314"],
      ]),
    );

    // Revoke it: the same URL now answers 401.
    await page.getByRole("button", { name: "Revoke feed" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke feed" }).click();
    await expect(page.getByTestId("feed-status")).toHaveText(
      /^You have no active feed: your last one was revoked on .* UTC \(revoked by its owner\)\.$/,
    );
    const revoked = await calendarApp.get(feedUrl);
    expect(revoked.status()).toBe(401);
    expect(await revoked.text()).not.toContain("BEGIN:VCALENDAR");
  } finally {
    await calendarApp.dispose();
  }
});

test("a finance user cannot open the calendar or export it", async ({ page, asRole }) => {
  await asRole("finance");
  expect((await page.goto("/calendar"))?.status()).toBe(403);
  expect((await page.request.get("/api/calendar/export")).status()).toBe(403);
});
