import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { pdfPageTexts } from "../test/pdf-text";
import { expect, gotoInteractive, test, type Database } from "./fixtures";
import { orderedDossier } from "./ordered-dossier";
import { sim } from "./simulator-api";

// Spends the simulator's credits: one at a time.
test.describe.configure({ mode: "serial" });

type FileNode = {
  nodeId: string;
  company?: { legalName?: string };
  flags?: { status?: string };
  continuation?: { estimatedCost?: number };
};

/** The company file's merged graph, once it holds a graph for which `ready` is true. */
async function fileGraph(db: Database, countryCode: string, companyId: string, ready: (nodes: FileNode[]) => boolean) {
  let nodes: FileNode[] = [];
  await expect
    .poll(
      async () => {
        const [row] = await db.query<{ graph: { nodes: FileNode[] } | null }>(
          "select graph from company_files where country_code = $1 and company_id = $2",
          [countryCode, companyId],
        );
        nodes = row?.graph?.nodes ?? [];
        return nodes.length > 0 && ready(nodes);
      },
      { timeout: 45_000 },
    )
    .toBe(true);
  return nodes;
}

/** Brings a node into view with "Find a node" (only the nodes in view are drawn) and returns it. */
async function findNode(page: Page, node: FileNode) {
  await page.getByLabel("Find a node").fill(node.company!.legalName!);
  await page.getByRole("list", { name: "Matching nodes" }).getByRole("button").first().click();
  await page.getByTestId("ownership-flow").scrollIntoViewIfNeeded();
  const drawn = page.locator(`[data-testid="graph-node"][data-node-id="${node.nodeId}"]`);
  await expect(drawn).toBeInViewport();
  return drawn;
}

async function waitDrawn(page: Page) {
  const status = page.getByTestId("layout-status");
  await expect(status).toContainText("laid out in", { timeout: 30_000 });
  await expect(status).not.toContainText("Drawing", { timeout: 30_000 });
}

/** Expands one node from the Ownership tab, confirming its cost, and waits for the continued graph. */
async function expand(page: Page, node: FileNode) {
  const name = node.company!.legalName!;
  const cost = node.continuation!.estimatedCost!;
  await (await findNode(page, node)).getByRole("button", { name: `Expand ${name}` }).click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByRole("button", { name: `Expand for ${cost} credits` }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(page.getByTestId("continuation-status")).toContainText("Showing the continued graph", { timeout: 30_000 });
  await waitDrawn(page);
}

const truncatedOf = (nodes: FileNode[]) => nodes.filter((n) => n.flags?.status === "budget_truncated" && n.company?.legalName);

test("the company file keeps paid graph expansions: expanded twice, reloaded, still drawn and never offered again; a link opens its tab", async ({
  page,
  login,
  db,
}) => {
  test.setTimeout(180_000);
  await login.signInAndWait(await db.createUser("compliance"));
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

test("an expanded company's branch is refreshed from the company file: the price first, then the refresh's date on the node after a reload", async ({
  page,
  login,
  db,
}) => {
  test.setTimeout(180_000);
  const user = await db.createUser("compliance");
  await login.signInAndWait(user);
  // A Dutch company of its own (no other spec orders it), one level at a time: its owners come back unexpanded.
  const [country, companyId] = ["NL", "30031676"];
  const created = await sim("POST", "/v2/company", {
    id: companyId,
    countryCode: country,
    dataPoints: ["company", "graph"],
    graphInteractive: true,
  });
  expect(created.status).toBe(200);
  const first = await fileGraph(db, country, companyId, (nodes) => truncatedOf(nodes).length >= 1);
  const target = truncatedOf(first)[0]!;
  const name = target.company!.legalName!;
  // What refreshing it costs at most: the ownership graph's price per company in the Netherlands.
  const pricing = (await sim("GET", `/v2/pricing?countryCode=${country}`)).json as {
    blocks: { datapoints: string[]; modes: Record<string, { price?: number }> }[];
    graph: { price: number };
  };
  const price = pricing.blocks.find((b) => b.datapoints.includes("graph"))?.modes.verification?.price ?? pricing.graph.price;

  await gotoInteractive(page, `/companies/${country}/${companyId}?tab=ownership`);
  await waitDrawn(page);
  // Not expanded yet: nothing to refresh.
  await expect((await findNode(page, target)).getByRole("button", { name: `Refresh this branch: ${name}` })).toHaveCount(0);
  await expand(page, target);
  await fileGraph(db, country, companyId, (nodes) => nodes.find((n) => n.nodeId === target.nodeId)?.flags?.status === "found");

  // Refresh this branch: the dialog states the price before anything is spent, and the request is capped at it.
  await (await findNode(page, target)).getByRole("button", { name: `Refresh this branch: ${name}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Refresh this branch?" })).toBeVisible();
  await expect(dialog.getByTestId("refresh-cost")).toContainText(`It costs at most ${price} credits`);
  expect(await db.query("select 1 from audit_log where action = 'company.graph_refreshed' and actor_id = $1", [user.id])).toHaveLength(0);
  await dialog.getByRole("button", { name: `Refresh for ${price} credits` }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(page.getByTestId("refresh-status")).toContainText(`Refreshed the branch of ${name}`, { timeout: 30_000 });

  // Recorded as a refresh of the branch, audited with its cap, and filed: the node's owners are the refresh's.
  const [audit] = await db.query<{ details: { requestId: string; nodeIds: string[]; estimatedCost: number; caps: unknown } }>(
    "select details from audit_log where action = 'company.graph_refreshed' and actor_id = $1",
    [user.id],
  );
  expect(audit!.details).toMatchObject({
    nodeIds: [target.nodeId],
    estimatedCost: price,
    caps: { graphMaxBudget: price, maxBudget: price },
  });
  const refreshId = audit!.details.requestId;
  const [request] = await db.query<{ purpose: string }>("select purpose from company_requests where request_id = $1", [refreshId]);
  expect(request!.purpose).toBe("graph_refresh");
  await expect
    .poll(
      async () => {
        const [row] = await db.query<{ graph: { nodes: (FileNode & { ownersByRequestId?: string })[] } }>(
          "select graph from company_files where country_code = $1 and company_id = $2",
          [country, companyId],
        );
        return row?.graph.nodes.find((n) => n.nodeId === target.nodeId)?.ownersByRequestId;
      },
      { timeout: 30_000 },
    )
    .toBe(refreshId);
  const [file] = await db.query<{ graph_parts: { requestId: string; boughtAt: string }[] }>(
    "select graph_parts from company_files where country_code = $1 and company_id = $2",
    [country, companyId],
  );
  const boughtAt = file!.graph_parts.find((p) => p.requestId === refreshId)!.boughtAt;

  // Reloaded: the node says when its owners were bought (the refresh), and the purchases list names the refresh.
  await page.reload();
  await waitDrawn(page);
  const owners = (await findNode(page, target)).getByTestId("owners-as-of");
  await expect(owners).toHaveText(`Owners as of ${boughtAt.slice(0, 16).replace("T", " ")} UTC`);
  await expect(owners).toHaveAttribute("data-request-id", refreshId);
  await expect(
    page.getByTestId("graph-purchases").getByRole("listitem").filter({ hasText: "Refreshed the owners of 1 company" }),
  ).toHaveCount(1);
});

test("a document listing neither hides the company's deadlines from the calendar nor poses as its case reference", async ({
  page,
  login,
  db,
}) => {
  test.setTimeout(150_000);
  const caseReference = `FILE-${crypto.randomUUID().slice(0, 8)}`;
  await orderedDossier(db, "GB", "INACTIVE", { caseReference });
  await login.signInAndWait(await db.createUser("compliance"));
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
