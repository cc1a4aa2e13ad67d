import "server-only";
import type { ActionResult } from "@/lib/forms/action-result";
import { companyFileGraph } from "@/lib/company-file/company-file-view";
import type { Registry } from "@/lib/connections/registry-for";
import { datapointOffers } from "@/lib/pricing/quote.shared";
import { cachedPricing } from "@/lib/pricing/pricing-cache";
import { isRegistryCountry } from "@/lib/registry/countries.shared";
import type { Graph } from "@/lib/registry/schemas.shared";
import type { StoredRequest } from "@/lib/requests/stored-request";
import { refreshCost, refreshPlan, type RefreshPlan } from "@/lib/graph/ownership-graph.shared";

/** The company a continuation of a request is about, and the graph it is checked against. */
export type GraphToContinue = { companyId: string; countryCode: string; graph: Graph };

/**
 * The graph the user saw for `parent`: the company file's, merged over every purchase (a node expanded before is no
 * longer budget-truncated there, so it is not bought twice); the request's own where the file has none.
 */
export async function graphToContinue(parent: StoredRequest): Promise<ActionResult<GraphToContinue>> {
  const companyId = parent.companyId ?? parent.snapshot?.request.companyId;
  const countryCode = parent.countryCode ?? parent.snapshot?.request.countryCode;
  if (!companyId || !countryCode) return { ok: false, code: "not_found", error: "The request does not say which company it is about." };
  const fileGraph = parent.connectionId ? await companyFileGraph({ connectionId: parent.connectionId, countryCode, companyId }) : undefined;
  const graph = fileGraph ?? parent.snapshot?.graph;
  if (!graph) return { ok: false, code: "not_found", error: "This request has no ownership graph to continue." };
  return { ok: true, data: { companyId, countryCode, graph } };
}

/** What refreshing branches asks for and costs at most (`cost` null: a price is not known; `unpriced` says whose). */
export type RefreshQuote = RefreshPlan & { cost: number | null; unpriced: string[] };

/**
 * The refresh of the branches of `nodeIds`: each must be a company of the graph expanded before (not the root),
 * else nothing is quoted. Priced from the pricing of each company's country (the graph's price per company, kept
 * for a while per connection); a country whose price cannot be read leaves the cost unknown, never guessed.
 */
export async function quoteRefresh(
  target: GraphToContinue,
  nodeIds: readonly string[],
  registry: () => Promise<Registry>,
): Promise<ActionResult<RefreshQuote>> {
  const plan = refreshPlan(target.graph, nodeIds);
  if (plan.unknownIds.length || !plan.chosen.length) {
    return {
      ok: false,
      code: "invalid_input",
      error: `Only a company expanded before can be refreshed, and not the company itself (order a new graph for it). Not such a company of this graph: ${plan.unknownIds.slice(0, 5).join(", ") || "none chosen"}.`,
    };
  }
  const { connection, client } = await registry();
  const byId = new Map(target.graph.nodes.map((n) => [n.nodeId, n]));
  const countries = new Set([...plan.chosen, ...plan.through].map((id) => byId.get(id)?.company?.countryCode));
  const prices = new Map<string | undefined, number | undefined>();
  for (const country of countries) {
    if (!isRegistryCountry(country)) continue;
    const pricing = await cachedPricing(connection.id, client, country).catch(() => undefined);
    const offer = pricing && datapointOffers(pricing, "verification").find((o) => o.datapoint === "graph");
    prices.set(country, offer?.available ? offer.price : undefined);
  }
  return { ok: true, data: { ...plan, ...refreshCost(target.graph, plan, (country) => prices.get(country)) } };
}
