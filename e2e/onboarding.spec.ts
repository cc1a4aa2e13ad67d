import { expect, test } from "./fixtures";

test("fast-mode onboarding shows the price first and opens the result as a complete request", async ({ page, db, signIn }) => {
  const user = await db.createUser("compliance");
  await signIn(user);
  await page.goto("/onboarding");
  await page.getByLabel("Country").selectOption("FR");
  await page.getByLabel("Company identifier").fill("552100554");
  await expect(page.getByTestId("onboarding-price")).toContainText("2 credits");
  await page.getByRole("button", { name: "Onboard for 2 credits" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Onboard for 2 credits?");
  await page.getByRole("alertdialog").getByRole("button", { name: "Spend 2 credits" }).click();
  await expect(page).toHaveURL(/\/requests\/req_/);
  await expect(page.getByText("This request is complete")).toBeVisible();
  const requestId = decodeURIComponent(page.url().split("/requests/")[1]!);
  const [row] = await db.query<{ details: Record<string, unknown> }>(
    "select details from audit_log where action = 'company.ordered' and details->>'requestId' = $1",
    [requestId],
  );
  expect(row!.details).toMatchObject({ kind: "onboarding", outcome: "ordered", quotedTotal: 2 });
});

test("an onboarding time-out is shown as an unknown outcome in the registry's words, without a one-click retry", async ({
  page,
  db,
  signIn,
}) => {
  await signIn(await db.createUser("compliance"));
  await page.goto("/onboarding");
  await page.getByLabel("Company identifier").fill("ONBOARDING_TIMEOUT");
  await page.getByRole("button", { name: /Onboard for/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: /Spend/ }).click();
  // A 504 is no definite answer: the onboarding may have run and been charged, so a retry could pay twice.
  const unknown = page.getByRole("alert", { name: "Onboarding outcome unknown" });
  await expect(unknown).toContainText("outcome_unknown");
  await expect(unknown).toContainText("Onboarding took too long");
  await expect(unknown).toContainText("check there before ordering again");
  await expect(unknown.getByRole("button", { name: "Retry" })).toHaveCount(0);
});

test("onboarding is for those who may order", async ({ page, asRole }) => {
  await asRole("finance");
  expect((await page.goto("/onboarding"))?.status()).toBe(403);
});
