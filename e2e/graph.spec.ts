import type { Page } from "@playwright/test";
import { expect, gotoInteractive, postServerAction, serverAction, test, type Database } from "./fixtures";
import { findNode } from "./ownership-tab";
import { chargedFor, sim } from "./simulator-api";
import { count, credits } from "../lib/vocabulary/units.shared";

// Spends the simulator's credits: one at a time.
test.describe.configure({ mode: "serial" });

type StoredGraph = {
  nodes: {
    nodeId: string;
    company?: { legalName?: string };
    flags?: { status?: string };
    continuation?: { estimatedCost?: number; accumulatedOwnership?: number };
  }[];
};

/** Orders `LARGE` at the registry (as another client would) and waits until the console has stored its graph. */
async function orderLarge(db: Database, body: Record<string, unknown>): Promise<{ requestId: string; graph: StoredGraph }> {
  const created = await sim("POST", "/v2/company", { id: "LARGE", countryCode: "DE", dataPoints: ["company", "graph"], ...body });
  expect(created.status).toBe(200);
  const requestId = created.json.request.requestId as string;
  let graph: StoredGraph | undefined;
  await expect
    .poll(
      async () => {
        const [row] = await db.query<{ graph: StoredGraph | null }>(
          "select snapshot->'graph' as graph from company_requests where request_id = $1",
          [requestId],
        );
        graph = row?.graph ?? undefined;
        return graph !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return { requestId, graph: graph! };
}

/** Opens a request's Ownership tab and waits until its graph is laid out and drawn. */
async function openOwnership(page: Page, requestId: string) {
  await gotoInteractive(page, `/requests/${encodeURIComponent(requestId)}`);
  await page.getByRole("tab", { name: "Ownership" }).click();
  const status = page.getByTestId("layout-status");
  await expect(status).toContainText("laid out in", { timeout: 15_000 });
  await expect(status).not.toContainText("Drawing", { timeout: 15_000 });
  return status;
}

/** Clicks an export button; the downloaded file's name and content. */
async function exported(page: Page, button: string): Promise<{ filename: string; bytes: Buffer }> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: button }).click();
  const file = await download;
  return { filename: file.suggestedFilename(), bytes: Buffer.concat(await (await file.createReadStream()).toArray()) };
}

/**
 * Draws the exported PNG onto a canvas in the page and reads it where the SVG export draws each link, at six points
 * along its curve away from its ends and its label (in the middle). A point is inked when a pixel around it differs
 * from the white background; another link's label may hide a few points, but never all six of a link. Also: the
 * PNG's proportions over the SVG's, and its corner margin.
 */
async function pngAlongLinks(page: Page, png: Buffer, svg: string) {
  return page.evaluate(
    async ({ dataUrl, svgText }) => {
      const root = new DOMParser().parseFromString(svgText, "image/svg+xml").documentElement;
      const [left, top, width, height] = root.getAttribute("viewBox")!.split(" ").map(Number) as [number, number, number, number];
      const image = new Image();
      image.src = dataUrl;
      await image.decode();
      const canvas = document.createElement("canvas");
      [canvas.width, canvas.height] = [image.naturalWidth, image.naturalHeight];
      const context = canvas.getContext("2d")!;
      context.drawImage(image, 0, 0);
      const scale = image.naturalWidth / width;
      const inked = (x: number, y: number) => {
        const [px, py] = [Math.round((x - left) * scale), Math.round((y - top) * scale)];
        const { data } = context.getImageData(px - 1, py - 1, 3, 3);
        for (let i = 0; i < data.length; i += 4) if (Math.min(data[i]!, data[i + 1]!, data[i + 2]!) < 240) return true;
        return false;
      };
      const at = (t: number, a: number, b: number, c: number, d: number) =>
        (1 - t) ** 3 * a + 3 * (1 - t) ** 2 * t * b + 3 * (1 - t) * t ** 2 * c + t ** 3 * d;
      const missed: string[] = [];
      let [points, inkedPoints] = [0, 0];
      const curves = [...root.querySelectorAll("path[marker-end]")].map((p) => p.getAttribute("d")!);
      for (const d of curves) {
        const [sx, sy, , my, tx, , , ty] = d.match(/-?[\d.]+/g)!.map(Number) as number[];
        const along = [0.15, 0.25, 0.35, 0.65, 0.75, 0.85].map((t) => inked(at(t, sx!, sx!, tx!, tx!), at(t, sy!, my!, my!, ty!)));
        points += along.length;
        inkedPoints += along.filter(Boolean).length;
        if (!along.some(Boolean)) missed.push(d);
      }
      return {
        links: curves.length,
        inked: inkedPoints / points,
        proportions: image.naturalHeight / height / scale,
        missed,
        margin: inked(left + 5, top + 5) ? "drawn" : "background",
      };
    },
    { dataUrl: `data:image/png;base64,${png.toString("base64")}`, svgText: svg },
  );
}

const percentOf = (n: StoredGraph["nodes"][number]) => Math.round((n.continuation?.accumulatedOwnership ?? 0) * 10_000) / 100;

test("LARGE's ownership graph: rendered, a node found, one paid expansion confirmed with its cost and drawn, Mermaid, PNG and SVG export", async ({
  page,
  db,
  signIn,
}, testInfo) => {
  test.setTimeout(150_000);
  // Every CSP violation on the page, with where it came from (the graph, mermaid and the dialog must cause none).
  const cspReports: string[] = [];
  let phase = "graph";
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.log(`CSP violation: ${e.violatedDirective} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
    );
  });
  page.on("console", (message) => {
    if (/CSP violation|Content Security Policy/i.test(message.text())) cspReports.push(`${phase}: ${message.text().slice(0, 300)}`);
  });
  const user = await db.createUser("compliance");
  await signIn(user);
  const { requestId, graph } = await orderLarge(db, { graphMaxBudget: 20 });
  const truncated = graph.nodes
    .filter((n) => n.flags?.status === "budget_truncated")
    .sort((a, b) => (b.continuation?.accumulatedOwnership ?? 0) - (a.continuation?.accumulatedOwnership ?? 0));
  expect(truncated.length).toBeGreaterThan(0);
  const target = truncated[0]!;
  const cost = target.continuation!.estimatedCost!;
  const name = target.company!.legalName!;

  const status = await openOwnership(page, requestId);
  await expect(status).toContainText(`${graph.nodes.length} nodes`);
  await expect(page.getByTestId("graph-metadata")).toContainText("Stopped at the spend cap");
  await expect(page.getByTestId("graph-metadata")).toContainText("20 credits");
  await expect(page.getByTestId("graph-node").first()).toBeVisible();
  await testInfo.attach("ownership-graph", { body: await page.screenshot(), contentType: "image/png" });

  // Find a node: typing its name and choosing the match brings it into view, highlighted.
  phase = "find";
  const node = await findNode(page, target);
  await expect(node).toHaveAttribute("data-status", "budget_truncated");
  await expect(node.getByTestId("truncated-info")).toContainText(`${cost} cr`);

  // One expansion: the confirm repeats the cost; the registry is charged that much; the node is drawn expanded.
  phase = "expand";
  await node.getByRole("button", { name: `Expand ${name}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByTestId("expand-cost")).toContainText(`costs an estimated ${credits(cost)}`);
  await dialog.getByRole("button", { name: `Expand for ${credits(cost)}` }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(page.getByTestId("continuation-status")).toContainText("Showing the continued graph", { timeout: 30_000 });
  // The merged graph is laid out and drawn again, and only nodes in view are drawn: once drawn, find the node again
  // (a busy machine showed the new layout's view without it, so the node was in no DOM to read).
  await expect(status).not.toContainText("Drawing", { timeout: 30_000 });
  await expect(await findNode(page, target)).toHaveAttribute("data-status", "found");
  await expect(status).not.toContainText(`${graph.nodes.length} nodes`);
  const audits = await db.query<{
    details: { estimatedCost: number; outcome: string; parentRequestId: string; nodeIds: string[]; requestId: string };
  }>("select details from audit_log where action = 'company.graph_expanded' and actor_id = $1", [user.id]);
  expect(audits).toHaveLength(1);
  expect(audits[0]!.details).toMatchObject({
    estimatedCost: cost,
    outcome: "ordered",
    parentRequestId: requestId,
    nodeIds: [target.nodeId],
  });
  expect(await chargedFor(audits[0]!.details.requestId)).toBeCloseTo(cost, 2); // what the registry charged
  await testInfo.attach("ownership-expanded", { body: await page.screenshot(), contentType: "image/png" });

  // Export PNG downloads an image of the graph: the SVG export's drawing, its links drawn (checked below).
  phase = "export";
  await expect(status).not.toContainText("Drawing");
  const png = await exported(page, "Export PNG");
  expect(png.filename).toBe("ownership-graph.png");
  expect(png.bytes.subarray(1, 4).toString()).toBe("PNG");

  // Export SVG downloads an SVG document with every node drawn in it, under its name (the page draws those in view).
  const svg = await exported(page, "Export SVG");
  expect(svg.filename).toBe("ownership-graph.svg");
  const drawn = await page
    .getByTestId("graph-node")
    .evaluateAll((nodes) => nodes.map((n) => [n.getAttribute("data-node-id")!, n.querySelector("[title]")!.getAttribute("title")!]));
  expect(drawn.length).toBeGreaterThan(0);
  const svgDocument = await page.evaluate((text) => {
    const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
    const root = parsed.documentElement;
    const names = [...root.querySelectorAll("g[data-node-id]")].map((g) => [
      g.getAttribute("data-node-id"),
      g.querySelector("title")?.textContent,
    ]);
    return {
      root: root.localName,
      namespace: root.namespaceURI,
      error: parsed.querySelector("parsererror")?.textContent ?? null,
      names: Object.fromEntries(names),
    };
  }, svg.bytes.toString("utf8"));
  expect(svgDocument).toMatchObject({ root: "svg", namespace: "http://www.w3.org/2000/svg", error: null });
  expect(svgDocument.names).toMatchObject(Object.fromEntries(drawn));
  expect(Object.keys(svgDocument.names)).toHaveLength(Number((await status.textContent())!.match(/([\d,]+) nodes/)![1]!.replace(/,/g, "")));
  expect(svg.bytes.length).toBeLessThan(200_000);
  // The PNG is that drawing (the graph's proportions, not the canvas's, so no controls, minimap or toolbar), and
  // its links are drawn: nine in ten points along them are not background, and every link shows somewhere.
  const pixels = await pngAlongLinks(page, png.bytes, svg.bytes.toString("utf8"));
  expect(pixels.links).toBeGreaterThan(100);
  expect(pixels.proportions).toBeCloseTo(1, 2);
  expect(pixels.missed).toEqual([]);
  expect(pixels.inked).toBeGreaterThan(0.9);
  expect(pixels.margin).toBe("background");

  // Mermaid renders this graph (about 150 links) under the CSP.
  phase = "mermaid";
  await page.getByRole("tab", { name: "Mermaid" }).click();
  await expect(page.getByTestId("mermaid-diagram").locator("svg")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("mermaid-diagram").locator("svg g.node").first()).toBeVisible();
  // Its links are drawn as lines: stroked, not filled (a class of the diagram once filled them as nodes).
  const links = await page
    .getByTestId("mermaid-diagram")
    .locator("path.flowchart-link")
    .evaluateAll((paths) => paths.map((p) => ({ fill: getComputedStyle(p).fill, stroke: getComputedStyle(p).stroke })));
  expect(links.length).toBeGreaterThan(100);
  expect(links.filter((l) => l.fill !== "none" || l.stroke === "none")).toEqual([]);
  await testInfo.attach("ownership-mermaid", { body: await page.screenshot(), contentType: "image/png" });
  expect(cspReports).toEqual([]);
});

test("in dark mode the graph's zoom controls and minimap are dark; the toolbar covers no node after Fit view, at desktop and phone widths", async ({
  page,
  db,
  signIn,
}) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await signIn(await db.createUser("compliance"));
  const { requestId } = await orderLarge(db, { graphMaxBudget: 5 });
  await openOwnership(page, requestId);
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  // The mean of a computed colour's channels (0 black, 255 white).
  const brightness = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => {
        const channels = getComputedStyle(element)
          .backgroundColor.match(/[\d.]+/g)!
          .slice(0, 3)
          .map(Number);
        return channels.reduce((a, b) => a + b, 0) / 3;
      });
  expect(await brightness(".react-flow__controls-button")).toBeLessThan(80);
  expect(await brightness('[data-testid="ownership-minimap"]')).toBeLessThan(80);

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    // The toolbar's (React Flow's controls have a "Fit View" of their own).
    await page.getByTestId("graph-toolbar").getByRole("button", { name: "Fit view" }).click();
    // The nodes drawn under the toolbar's box (both as the viewport sees them now).
    const overlaps = () =>
      page.evaluate(() => {
        const toolbar = document.querySelector('[data-testid="graph-toolbar"]')!.getBoundingClientRect();
        const nodes = [...document.querySelectorAll(".react-flow__node")];
        if (nodes.length === 0) return ["no node drawn"];
        return nodes
          .filter((node) => {
            const r = node.getBoundingClientRect();
            return r.left < toolbar.right && toolbar.left < r.right && r.top < toolbar.bottom && toolbar.top < r.bottom;
          })
          .map((node) => node.getAttribute("data-id"));
      });
    await expect.poll(overlaps, { message: `nodes under the toolbar at ${viewport.width} px` }).toEqual([]);
    // Fit view has settled (its animation takes 300 ms): still none.
    await page.waitForTimeout(400);
    expect(await overlaps()).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  }
});

test("Expand all at or above X %: a threshold nothing reaches says so and spends nothing; the confirm states the nodes and their cost, the registry continues from exactly those nodes, audited, and their owners are drawn", async ({
  page,
  db,
  signIn,
}) => {
  test.setTimeout(120_000);
  const user = await db.createUser("compliance");
  await signIn(user);
  // LARGE in France: the registry prices a company it already fetched for this root at 0, per root, so the
  // German LARGE the other tests expand does not change these costs.
  const { requestId, graph } = await orderLarge(db, { countryCode: "FR", graphMaxBudget: 20 });
  const truncated = graph.nodes.filter((n) => n.flags?.status === "budget_truncated").sort((a, b) => percentOf(b) - percentOf(a));
  // The threshold is the fourth largest share: "at or above" takes that node too.
  expect(truncated.length).toBeGreaterThan(4);
  const threshold = percentOf(truncated[3]!);
  const chosen = truncated.filter((n) => percentOf(n) >= threshold);
  expect(chosen.length).toBeGreaterThanOrEqual(4);
  expect(chosen.length).toBeLessThan(truncated.length);
  const cost = chosen.reduce((sum, n) => sum + n.continuation!.estimatedCost!, 0);
  const chosenIds = chosen.map((n) => n.nodeId).sort();

  await openOwnership(page, requestId);
  const thresholdInput = page.getByLabel("Expand all with accumulated ownership of at least");

  // Nothing reaches 99 %: the tab says so and offers nothing to pay for.
  await thresholdInput.fill("99");
  await expect(page.getByTestId("expand-above-none")).toHaveText("No node left unexpanded has an accumulated ownership of at least 99 %.");
  await expect(page.getByRole("button", { name: /^Expand \d+ node/ })).toHaveCount(0);
  expect(await db.query("select 1 from audit_log where action = 'company.graph_expanded' and actor_id = $1", [user.id])).toHaveLength(0);

  // The threshold, written with a decimal comma as a German officer would.
  await thresholdInput.fill(String(threshold).replace(".", ","));
  await page
    .getByRole("button", {
      name: `Expand ${chosen.length} node${chosen.length === 1 ? "" : "s"} at or above ${threshold} % (${credits(cost)})`,
    })
    .click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByTestId("expand-cost")).toHaveText(
    `Expanding all nodes at or above ${threshold} % (${count(chosen.length, "node")}) costs an estimated ${credits(cost)}. The request is capped at that amount.`,
  );
  await dialog.getByRole("button", { name: `Expand for ${credits(cost)}` }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(page.getByTestId("continuation-status")).toContainText("Showing the continued graph", { timeout: 30_000 });

  // Audited with exactly the chosen nodes and their cost.
  const audits = await db.query<{
    details: { requestId: string; parentRequestId: string; nodeIds: string[]; estimatedCost: number; outcome: string };
  }>("select details from audit_log where action = 'company.graph_expanded' and actor_id = $1", [user.id]);
  expect(audits).toHaveLength(1);
  const audited = audits[0]!.details;
  expect(audited).toMatchObject({ parentRequestId: requestId, estimatedCost: cost, outcome: "ordered" });
  expect([...audited.nodeIds].sort()).toEqual(chosenIds);
  // At the registry: charged that cost, and of the nodes left unexpanded exactly the chosen ones were continued.
  expect(await chargedFor(audited.requestId)).toBeCloseTo(cost, 2);
  const continued = (await sim("GET", `/v2/company/${encodeURIComponent(audited.requestId)}`)).json.graph as StoredGraph & {
    edges: { fromId: string; toId: string }[];
  };
  const status = new Map(continued.nodes.map((n) => [n.nodeId, n.flags?.status]));
  expect(
    truncated
      .filter((n) => status.get(n.nodeId) === "found")
      .map((n) => n.nodeId)
      .sort(),
  ).toEqual(chosenIds);
  expect(truncated.filter((n) => !chosenIds.includes(n.nodeId)).every((n) => status.get(n.nodeId) === "budget_truncated")).toBe(true);

  // Drawn: the tab shows the continued graph; a chosen node is found now, and an owner fetched for it is there.
  const before = new Set(graph.nodes.map((n) => n.nodeId));
  const uniquelyNamed = (n: StoredGraph["nodes"][number]) =>
    n.company?.legalName !== undefined && continued.nodes.filter((m) => m.company?.legalName === n.company!.legalName).length === 1;
  const newOwner = continued.nodes.find(
    (n) => !before.has(n.nodeId) && uniquelyNamed(n) && continued.edges.some((e) => e.fromId === n.nodeId && chosenIds.includes(e.toId)),
  );
  expect(newOwner).toBeDefined();
  await expect(page.getByTestId("layout-status")).toContainText(`${continued.nodes.length.toLocaleString("en")} nodes`, {
    timeout: 15_000,
  });
  await expect(page.getByTestId("layout-status")).not.toContainText("Drawing", { timeout: 15_000 });
  await expect(await findNode(page, chosen[0]!)).toHaveAttribute("data-status", "found");
  await expect(await findNode(page, newOwner!)).toBeVisible();
});

test("the full LARGE graph (2,000 nodes) is laid out, and Mermaid says why it does not draw it; finance cannot expand", async ({
  page,
  db,
  signIn,
}) => {
  const finance = await db.createUser("finance");
  await signIn(finance);
  // Posting the expand action directly is refused for finance: nothing spent, nothing audited as expanded.
  // (Before the full graph is ordered: after it every company is paid for, and nothing is truncated.)
  const truncatedSmall = await orderLarge(db, { graphMaxBudget: 5 });
  const nodeId = truncatedSmall.graph.nodes.find((n) => n.flags?.status === "budget_truncated")!.nodeId;
  const expand = serverAction("expandGraphAction", "app/(console)/requests/[requestId]/graph-actions.ts");
  const response = await postServerAction(page.request, expand, [
    { requestId: truncatedSmall.requestId, nodeIds: [nodeId], confirmedCost: 3 },
  ]);
  expect(await response.text()).toContain('"code":"forbidden"');
  expect(await db.query("select 1 from audit_log where action = 'company.graph_expanded' and actor_id = $1", [finance.id])).toHaveLength(0);
  // The page shows finance the truncated node's cost, but no Expand.
  await openOwnership(page, truncatedSmall.requestId);
  const node = await findNode(
    page,
    truncatedSmall.graph.nodes.find((n) => n.nodeId === nodeId)!,
  );
  await expect(node.getByTestId("truncated-info")).toContainText("3 credits");
  await expect(page.getByRole("button", { name: /^Expand/ })).toHaveCount(0);

  const { requestId, graph } = await orderLarge(db, {});
  expect(graph.nodes.length).toBe(2000);
  const status = await openOwnership(page, requestId);
  await expect(status).toContainText("2,000 nodes, 1,999 links, laid out in");
  await page.getByRole("tab", { name: "Mermaid" }).click();
  await expect(page.getByTestId("mermaid-refused")).toContainText("characters long; Mermaid renders at most 50,000");
  await page.getByTestId("mermaid-refused").getByRole("button", { name: "graph view" }).click();
  await expect(page.getByTestId("ownership-flow")).toBeVisible();
});
