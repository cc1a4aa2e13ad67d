import { expect, gotoInteractive, test } from "./fixtures";
import { orderFromCompanyPage } from "./ordered-dossier";

// Spends the simulator's credits: one at a time.
test.describe.configure({ mode: "serial" });

/** A German company id no other spec orders: seven digits (the order spec's fresh ids have six). */
const freshCompanyId = () => `HRB ${1_000_000 + Math.floor(Math.random() * 9_000_000)}`;

test("the company page's timeline lists an order and the evidence pack exported after it, newest first, each with who did it by display name", async ({
  page,
  db,
  signIn,
}) => {
  test.setTimeout(120_000);
  const user = await db.createUser("compliance");
  await signIn(user);
  const id = freshCompanyId();
  const companyPage = `/companies/DE/${encodeURIComponent(id)}`;

  // Nothing yet: the timeline says so.
  await gotoInteractive(page, companyPage);
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText("Nothing has happened to this company through this connection yet");

  const requestId = await orderFromCompanyPage(page, "DE", id);

  // The company file's evidence pack, from the company page; the export is audited before the download ends.
  await gotoInteractive(page, companyPage);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export the company file's evidence pack" }).click(),
  ]);
  expect(await download.failure()).toBeNull();

  await page.reload();
  const events = timeline.getByRole("listitem");
  await expect(events).toHaveCount(2);
  await expect(events.nth(0)).toContainText("Company file's evidence pack exported");
  await expect(events.nth(0)).toContainText("by E2E compliance");
  await expect(events.nth(1)).toContainText(`First order (request ${requestId})`);
  await expect(events.nth(1)).toContainText("by E2E compliance");
  await expect(events.nth(1)).toContainText("credits charged");
  await expect(events.nth(1).getByRole("link", { name: `First order (request ${requestId})` })).toHaveAttribute(
    "href",
    `/requests/${requestId}`,
  );
  // Each event says when, machine-readable too; newest first.
  const times = await timeline.locator("time").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("datetime") ?? ""));
  expect(times).toHaveLength(2);
  expect(Date.parse(times[0]!)).toBeGreaterThanOrEqual(Date.parse(times[1]!));
});
