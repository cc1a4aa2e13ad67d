import type { Page } from "@playwright/test";
import { expect, type Database } from "./fixtures";
import { credits } from "../lib/vocabulary/units.shared";

/**
 * The Ownership tab of a company file, for specs that expand and refresh its graph: the file's merged graph as
 * stored, and finding, expanding and waiting for nodes on the page.
 */

export type FileNode = {
  nodeId: string;
  company?: { legalName?: string };
  flags?: { status?: string };
  continuation?: { estimatedCost?: number };
  /** The company file's marks: the purchase the node's owners come from. */
  ownersByRequestId?: string;
};

/** The company file's merged graph, once it holds a graph for which `ready` is true. */
export async function fileGraph(db: Database, countryCode: string, companyId: string, ready: (nodes: FileNode[]) => boolean) {
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
export async function findNode(page: Page, node: FileNode) {
  await page.getByLabel("Find a node").fill(node.company!.legalName!);
  await page.getByRole("list", { name: "Matching nodes" }).getByRole("button").first().click();
  await page.getByTestId("ownership-flow").scrollIntoViewIfNeeded();
  const drawn = page.locator(`[data-testid="graph-node"][data-node-id="${node.nodeId}"]`);
  await expect(drawn).toBeInViewport();
  return drawn;
}

/** Waits until the graph is laid out and every node drawn. */
export async function waitDrawn(page: Page) {
  const status = page.getByTestId("layout-status");
  await expect(status).toContainText("laid out in", { timeout: 30_000 });
  await expect(status).not.toContainText("Drawing", { timeout: 30_000 });
}

/** Expands one node from the Ownership tab, confirming its cost, and waits for the continued graph. */
export async function expand(page: Page, node: FileNode) {
  const name = node.company!.legalName!;
  const cost = node.continuation!.estimatedCost!;
  await (await findNode(page, node)).getByRole("button", { name: `Expand ${name}` }).click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByRole("button", { name: `Expand for ${credits(cost)}` }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(page.getByTestId("continuation-status")).toContainText("Showing the continued graph", { timeout: 30_000 });
  await waitDrawn(page);
}

export const truncatedOf = (nodes: FileNode[]) => nodes.filter((n) => n.flags?.status === "budget_truncated" && n.company?.legalName);
