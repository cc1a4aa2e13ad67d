import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { pdfPageTexts } from "../test/pdf-text";
import { expect, gotoInteractive, test } from "./fixtures";
import { orderedDossier } from "./ordered-dossier";
import { expand, fileGraph, findNode, truncatedOf, waitDrawn } from "./ownership-tab";
import { sim } from "./simulator-api";

// Spends the simulator's credits: one at a time.
test.describe.configure({ mode: "serial" });

test("the company file keeps paid graph expansions: expanded twice, reloaded, still drawn and never offered again; a link opens its tab", async ({
  page,
  db,
  signIn,
}) => {
  test.setTimeout(180_000);
  await signIn(await db.createUser("compliance"));
  // LARGE in Belgium (the other graph tests use Germany and France): the graph stops at its cap of 20 credits.
  const created = await sim("POST", "/v2/company", {
    id: "LARGE",
    countryCode: "BE",
    dataPoints: ["company", "graph"],
    graphMaxBudget: 20,
  });
  expect(created.status).toBe(200);
  const first = await fileGraph(db, "BE", "LARGE", (nodes) => truncatedOf(nodes).length >= 2);
  const [one, two] = truncatedOf(first).sort((a, b) => a.nodeId.localeCompare(b.nodeId));

  // A link to the Ownership tab opens it.
  await gotoInteractive(page, "/companies/BE/LARGE?tab=ownership");
  await expect(page.getByRole("tab", { name: "Ownership" })).toHaveAttribute("aria-selected", "true");
  await waitDrawn(page);

  await expand(page, one!);
  await fileGraph(db, "BE", "LARGE", (nodes) => nodes.find((n) => n.nodeId === one!.nodeId)?.flags?.status === "found");
  await expand(page, two!);
  await fileGraph(db, "BE", "LARGE", (nodes) => nodes.find((n) => n.nodeId === two!.nodeId)?.flags?.status === "found");

  // Reloaded: the file's merged graph, both expansions drawn as found and offered for expansion no more.
  await page.reload();
  await expect(page.getByRole("tab", { name: "Ownership" })).toHaveAttribute("aria-selected", "true");
  await waitDrawn(page);
  for (const node of [one!, two!]) {
    const drawn = await findNode(page, node);
    await expect(drawn).toHaveAttribute("data-status", "found");
    await expect(drawn.getByRole("button", { name: `Expand ${node.company!.legalName}` })).toHaveCount(0);
  }
  // Where each part came from: three graph purchases, the first graph and two expansions of one company each.
  const purchases = page.getByTestId("graph-purchases");
  await expect(purchases.getByRole("listitem")).toHaveCount(3);
  await expect(purchases.getByRole("listitem").filter({ hasText: "Expanded 1 company" })).toHaveCount(2);

  // The company file's evidence pack: where each part came from, and the report draws the merged graph, owners
  // reached only through the expansions included.
  const merged = await fileGraph(db, "BE", "LARGE", () => true);
  const firstIds = new Set(first.map((n) => n.nodeId));
  const reached = merged.filter((n) => !firstIds.has(n.nodeId) && n.company?.legalName);
  expect(reached.length).toBeGreaterThan(0);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export the company file's evidence pack" }).click(),
  ]);
  const entries = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const sources = JSON.parse(strFromU8(entries["sources.json"]!)) as { graphPurchases: unknown[]; sources: Record<string, unknown> };
  expect(sources.graphPurchases).toHaveLength(3);
  expect(Object.keys(sources.sources)).toContain("company");
  const flat = (text: string) => text.normalize("NFKC").replace(/\s+/g, "");
  const report = flat((await pdfPageTexts(entries["report.pdf"]!)).join(""));
  expect(report).toContain(flat(reached[0]!.company!.legalName!));

  // Switching tab writes it into the URL.
  await page.getByRole("tab", { name: "People" }).click();
  await expect(page).toHaveURL(/[?&]tab=people/);
});

test("a document listing neither hides the company's deadlines from the calendar nor poses as its case reference", async ({
  page,
  db,
  signIn,
}) => {
  test.setTimeout(150_000);
  const caseReference = `FILE-${crypto.randomUUID().slice(0, 8)}`;
  await orderedDossier(db, "GB", "INACTIVE", { caseReference });
  await signIn(await db.createUser("compliance"));
  await expect
    .poll(
      async () =>
        (await db.query("select 1 from company_files where country_code = 'GB' and company_id = 'INACTIVE' and sources ? 'company'"))
          .length,
      {
        timeout: 30_000,
      },
    )
    .toBe(1);

  await gotoInteractive(page, "/companies/GB/INACTIVE");
  // "Order more": what the file holds is marked, and the preset leaves out what is current there.
  await expect(page.getByRole("heading", { name: "Order more" })).toBeVisible();
  await expect(page.locator('[data-held="company"]')).toContainText("In the file since");
  await expect(page.getByLabel("Company profile", { exact: true })).not.toBeChecked();
  await page.getByRole("button", { name: "Full KYB dossier" }).click();
  await expect(page.getByLabel("Company profile", { exact: true })).not.toBeChecked();
  await page.getByRole("button", { name: "List available documents (free)" }).click();
  await expect(page.getByRole("button", { name: "List again (free)" })).toBeVisible({ timeout: 60_000 });
  const [listing] = await db.query<{ request_id: string; purpose: string; parent_request_id: string | null }>(
    "select request_id, purpose, parent_request_id from company_requests where company_id = 'INACTIVE' and purpose = 'document_listing' order by created_at desc limit 1",
  );
  expect(listing?.parent_request_id).toBeTruthy();

  // /requests: the free listing is hidden by default; shown, it sits under its parent, not as a row of its own.
  await page.goto("/requests");
  await expect(page.getByRole("row").filter({ hasText: listing!.request_id })).toHaveCount(0);
  await page.getByLabel("Hide free listings").uncheck();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/hideListings=off/);
  const rows = page.getByRole("row");
  const listingRow = rows.filter({ hasText: listing!.request_id });
  await expect(listingRow).toContainText("Document listing");
  await expect(listingRow).toContainText("Follow-up of");
  const texts = await rows.allInnerTexts();
  const parentAt = texts.findIndex((t) => t.includes(listing!.parent_request_id!) && !t.includes("Follow-up of"));
  const listingAt = texts.findIndex((t) => t.includes(listing!.request_id));
  expect(parentAt).toBeGreaterThan(0);
  expect(listingAt).toBeGreaterThan(parentAt);
  expect(texts.slice(parentAt + 1, listingAt + 1).every((t) => t.includes("Follow-up of"))).toBe(true);

  // The listing is the company's newest request; the calendar still shows its two overdue filings, under the order's case reference.
  await page.goto(`/calendar?caseReference=${caseReference}`);
  const overdue = page.getByRole("region", { name: /^Overdue/ });
  await expect(overdue.getByRole("row")).toHaveCount(3); // header + accounts + annual filing
  await expect(overdue).toContainText("Kingsbridge Properties Ltd");
  await expect(page.getByRole("main")).not.toContainText("document listing");
});
