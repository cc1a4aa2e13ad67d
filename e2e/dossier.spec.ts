import { readFileSync } from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { orderedDossier } from "./ordered-dossier";
import { sim } from "./simulator-api";

// The simulator's clock is shared with the other spec files running beside these: never moved here. Its
// delays are a few seconds of real time; an expired signed URL is made by editing the stored snapshot.

async function openComplete(page: Page, requestId: string) {
  await page.goto(`/requests/${requestId}`);
  await expect(page.getByText("This request is complete")).toBeVisible({ timeout: 30_000 });
}

async function attachTab(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(`tab-${name}`, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
}

test("a complete dossier: each tab shows its part of the snapshot, with a screenshot of each", async ({ page, db, signIn }, testInfo) => {
  const requestId = await orderedDossier(db, "DE", "HRB 86891");
  await signIn(await db.createUser("compliance"));
  await openComplete(page, requestId);

  const tab = (name: string) => page.getByRole("tab", { name, exact: true });
  await expect(tab("Overview")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Risk summary" })).toBeVisible();
  await expect(page.locator('[data-fact="Legal form (local)"]')).not.toContainText("Not reported");
  await attachTab(page, testInfo, "overview");

  await tab("People").click();
  await expect(page.getByRole("heading", { name: /^Legal representatives \(\d+\)$/ })).toBeVisible();
  await expect(page.locator("[data-signing]").first()).toContainText(/Can sign/);
  await attachTab(page, testInfo, "people");

  await tab("Ownership").click();
  await expect(page.locator('[data-testid="ownership-tab"], [data-testid="ownership-empty"]')).toBeVisible({ timeout: 20_000 });
  await attachTab(page, testInfo, "ownership");

  await tab("Documents").click();
  await expect(page.locator("[data-download]").first()).toBeVisible();
  await attachTab(page, testInfo, "documents");

  await tab("Financials").click();
  await expect(page.getByRole("table", { name: "Ratios" }).first()).toBeVisible();
  await expect(page.getByTestId("ratio-chart")).toBeVisible();
  await attachTab(page, testInfo, "financials");

  await tab("Raw").click();
  const raw = JSON.parse((await page.getByTestId("raw-snapshot").textContent())!) as { request: { requestId: string } };
  expect(raw.request.requestId).toBe(requestId);
  await attachTab(page, testInfo, "raw");

  // Keyboard: the tab list moves with the arrow keys.
  await tab("Raw").focus();
  await page.keyboard.press("ArrowLeft");
  await expect(tab("Financials")).toHaveAttribute("aria-selected", "true");
});

test("a document downloads through the console after its signed URL expired, and the download is audited", async ({ page, db, signIn }) => {
  const requestId = await orderedDossier(db, "DE", "HRB 86891");
  const user = await db.createUser("auditor");
  await signIn(user);
  await openComplete(page, requestId);
  await page.getByRole("tab", { name: "Documents", exact: true }).click();
  const link = page.locator("[data-download]").first();
  const documentId = (await link.getAttribute("data-download"))!;

  // The stored link expired a minute ago, and its signature is no longer accepted: only a fresh one works.
  const [row] = await db.query<{ snapshot: { documents: Record<string, unknown> } }>(
    "select snapshot from company_requests where request_id = $1",
    [requestId],
  );
  const expire = (document: { id?: string; downloadUrl?: string; urlExpiresAt?: string }) => {
    if (document.id !== documentId) return document;
    return {
      ...document,
      downloadUrl: document.downloadUrl!.replace(/signature=[^&]+/, "signature=expired"),
      urlExpiresAt: new Date(Date.now() - 60_000).toISOString(),
    };
  };
  const documents = Object.fromEntries(
    Object.entries(row!.snapshot.documents).map(([key, value]) => [key, Array.isArray(value) ? value.map(expire) : expire(value as never)]),
  );
  await db.query("update company_requests set snapshot = $1::json where request_id = $2", [
    JSON.stringify({ ...row!.snapshot, documents }),
    requestId,
  ]);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 4)
      .toString(),
  ).toBe("%PDF");

  const rows = await db.query<{ actor_email: string; target: string; details: { documentId: string; refreshedUrl: boolean } }>(
    "select actor_email, target, details from audit_log where action = 'document.downloaded' and target = $1",
    [requestId],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ actor_email: user.email, details: { documentId, refreshedUrl: true } });
});

test("signed document URLs never reach the browser: not in the page, its payloads, /api/requests or the Raw tab; downloads go through the audited route", async ({
  page,
  db,
  signIn,
}) => {
  const requestId = await orderedDossier(db, "DE", "HRB 86891");
  // The simulator signs its links as /v2/documents/<request>/<document>?expires=…&signature=…
  const signedLink = new RegExp(`/v2/documents/${requestId}/|signature=`);
  const bodies: Promise<{ url: string; type: string; body: string }>[] = [];
  page.on("response", (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (/html|javascript|json|x-component|text\/(plain|x-component)/.test(type))
      bodies.push(
        response.text().then(
          (body) => ({ url: response.url(), type, body }),
          () => ({ url: response.url(), type, body: "" }),
        ),
      );
  });
  const user = await db.createUser("auditor");
  await signIn(user);
  await openComplete(page, requestId);
  const [row] = await db.query<{ snapshot: unknown }>("select snapshot from company_requests where request_id = $1", [requestId]);
  expect(JSON.stringify(row!.snapshot)).toMatch(signedLink); // the server holds them

  // The JSON the dossier refetches and polls through.
  const api = await page.evaluate(async (id) => {
    const answers = await Promise.all([`/api/requests/${id}`, `/api/requests/${id}?poll=1`].map((url) => fetch(url).then((r) => r.text())));
    return answers;
  }, requestId);
  for (const answer of api) expect(answer).toContain("signed URL withheld; download through the console");

  for (const name of ["Ownership", "Documents", "Financials", "Raw"]) await page.getByRole("tab", { name, exact: true }).click();
  const raw = page.getByTestId("raw-snapshot");
  const snapshot = JSON.parse((await raw.textContent())!) as {
    documents: Record<string, { downloadUrl?: string } | { downloadUrl?: string }[]>;
  };
  const links = Object.values(snapshot.documents)
    .flatMap((d) => (Array.isArray(d) ? d : [d]))
    .map((d) => d.downloadUrl);
  expect(links.length).toBeGreaterThan(0);
  expect(new Set(links)).toEqual(new Set(["signed URL withheld; download through the console"]));
  await expect(page.getByTestId("raw-withheld-note")).toContainText("signed URL withheld; download through the console");
  expect(await page.locator("body").innerText()).not.toMatch(signedLink);
  expect(await page.content()).not.toMatch(signedLink);

  await page.getByRole("tab", { name: "Documents", exact: true }).click();
  const link = page.locator("[data-download]").first();
  const documentId = (await link.getAttribute("data-download"))!;
  expect(await link.getAttribute("href")).toBe(
    `/api/requests/${encodeURIComponent(requestId)}/documents/${encodeURIComponent(documentId)}`,
  );
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 4)
      .toString(),
  ).toBe("%PDF");
  const audited = await db.query("select 1 from audit_log where action = 'document.downloaded' and target = $1 and actor_email = $2", [
    requestId,
    user.email,
  ]);
  expect(audited).toHaveLength(1);

  const seen = await Promise.all(bodies);
  expect(seen.some((r) => r.url.includes(`/api/requests/${requestId}`) && r.type.includes("json"))).toBe(true);
  expect(seen.some((r) => r.url.includes(`/requests/${requestId}`) && r.type.includes("html"))).toBe(true);
  for (const { url, body } of seen) expect(body, url).not.toMatch(signedLink);
});

for (const id of ["UNICODE", "LONG_NAMES"]) {
  test(`${id} renders every tab without horizontal overflow at 390 px`, async ({ page, db, signIn }, testInfo) => {
    const requestId = await orderedDossier(db, "DE", id);
    await signIn(await db.createUser("compliance"));
    await page.setViewportSize({ width: 390, height: 844 });
    await openComplete(page, requestId);
    for (const name of ["Overview", "People", "Documents", "Financials", "Raw"]) {
      await page.getByRole("tab", { name, exact: true }).click();
      await expect(page.getByRole("tab", { name, exact: true })).toHaveAttribute("aria-selected", "true");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) await attachTab(page, testInfo, `${id}-${name}-overflow`);
      expect(overflow, `${name} overflows by ${overflow} px`).toBeLessThanOrEqual(0);
    }
  });
}

test("a retryable failure is re-ordered alone after its price is confirmed; finance sees no retry", async ({ page, db, signIn }) => {
  const created = await sim("POST", "/v2/company", {
    id: "SOURCE_UNAVAILABLE",
    countryCode: "DE",
    dataPoints: ["shareholders"],
    metadata: { caseReference: "KYC-RETRY-7" },
  });
  const requestId = created.json.request.requestId as string;
  const [connection] = await db.query<{ id: string }>("select id from registry_connections where name = 'Local simulator'");
  await db.query(
    "insert into company_requests (request_id, connection_id, origin, country_code, company_id) values ($1, $2, 'console', 'DE', 'SOURCE_UNAVAILABLE') on conflict (request_id) do update set origin = 'console'",
    [requestId, connection!.id],
  );

  await signIn(await db.createUser("finance"));
  await openComplete(page, requestId);
  await expect(page.locator('[data-datapoint="shareholders"]')).toContainText("The register is unavailable");
  await expect(page.locator("[data-retry]")).toHaveCount(0);
  await page.context().clearCookies();

  const officer = await db.createUser("compliance");
  await signIn(officer);
  await openComplete(page, requestId);
  await page.locator('[data-retry="shareholders"]').click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(/for \d+(\.\d+)? credits/);
  await dialog.getByRole("button", { name: /^Order for/ }).click();
  const link = page.getByRole("link", { name: /^Retried as request / });
  await expect(link).toBeVisible({ timeout: 15_000 });
  const newId = (await link.textContent())!.replace("Retried as request ", "");

  const rows = await db.query<{ details: { dataPoints: string[]; caseReference: string; requestId: string; outcome: string } }>(
    "select details from audit_log where action = 'company.ordered' and actor_email = $1",
    [officer.email],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]!.details).toMatchObject({
    dataPoints: ["shareholders"],
    // Filed under the case of the request it retries.
    caseReference: "KYC-RETRY-7",
    outcome: "ordered",
    requestId: newId,
  });
  expect((await sim("GET", `/v2/company/${newId}`)).json.request.dataPoints).toEqual(["shareholders"]);
});
