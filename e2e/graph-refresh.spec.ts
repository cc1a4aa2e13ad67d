import { expect, gotoInteractive, test } from "./fixtures";
import { expand, fileGraph, findNode, truncatedOf, waitDrawn, type FileNode } from "./ownership-tab";
import { sim } from "./simulator-api";
import { credits } from "../lib/vocabulary/units.shared";

test("an expanded company's branch is refreshed from the company file: the price first, then the refresh's date on the node after a reload", async ({
  page,
  db,
  signIn,
}) => {
  test.setTimeout(180_000);
  const user = await db.createUser("compliance");
  await signIn(user);
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
  // The expansion's last snapshots may still redraw the graph (the live update) just as the button is clicked, which
  // drops the just-opened dialog with the node it belonged to: click again until it stays open.
  const dialog = page.getByRole("alertdialog");
  await expect(async () => {
    if (!(await dialog.isVisible()))
      await (await findNode(page, target)).getByRole("button", { name: `Refresh this branch: ${name}` }).click();
    await expect(dialog.getByRole("heading", { name: "Refresh this branch?" })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(dialog.getByTestId("refresh-cost")).toContainText(`It costs at most ${price} ${price === 1 ? "credit" : "credits"}`);
  expect(await db.query("select 1 from audit_log where action = 'company.graph_refreshed' and actor_id = $1", [user.id])).toHaveLength(0);
  await dialog.getByRole("button", { name: `Refresh for ${credits(price)}` }).click();
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
        const [row] = await db.query<{ graph: { nodes: FileNode[] } }>(
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
