import "server-only";
import { z } from "zod";
import type { FollowUpContext } from "@/lib/registry-seam/registry-context";
import type { ActionResult } from "@/lib/forms/action-result";
import { companyFileGraph } from "@/lib/company-file/company-file-view";
import type { Registry } from "@/lib/connections/registry-for";
import { datapointOffers } from "@/lib/pricing/quote.shared";
import { sendAndRecord } from "@/lib/orders/send-and-record";
import { cachedPricing } from "@/lib/pricing/pricing-cache";
import { isRegistryCountry } from "@/lib/registry/countries.shared";
import type { Graph } from "@/lib/registry/schemas.shared";
import { followedCaseReference } from "@/lib/requests/follow-up-parent";
import type { StoredRequest } from "@/lib/requests/stored-request";
import { continuationBody, continuationPlan, refreshCost, refreshPlan, type RefreshPlan } from "@/lib/graph/ownership-graph.shared";

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

export const continueGraphInputSchema = z
  .object({
    requestId: z.string().min(1).max(200),
    nodeIds: z.array(z.string().min(1).max(500)).min(1, { error: "Choose at least one node to expand." }).max(2000),
    /**
     * The cost the user confirmed; the continuation is refused if the stored graph (or, for a refresh, the pricing)
     * now says otherwise. A refresh whose price is not known is capped at the amount the user typed here.
     */
    confirmedCost: z.number().nonnegative().nullable(),
    /** Refresh the branches of companies expanded before (their owners listed anew) instead of expanding new ones. */
    refresh: z.boolean().optional(),
  })
  .refine((input) => !input.refresh || input.confirmedCost !== null, {
    error: "A refresh is always capped: confirm the most it may spend.",
    path: ["confirmedCost"],
  });
export type ContinueGraphInput = z.infer<typeof continueGraphInputSchema>;

/** The nodes a confirmed continuation sends, its cap, and what its audit row says about them. */
export type ConfirmedContinuation = { continueFrom: string[]; cap: number | null; details: Record<string, unknown> };
type Refusal = { ok: false; code: string; error: string };

const costChanged = (now: number | null, confirmed: number | null): Refusal => ({
  ok: false,
  code: "cost_changed",
  error: `The estimated cost is now ${now ?? "not stated"} credits, not the ${confirmed ?? "unstated"} you confirmed. Confirm again.`,
});

/**
 * An expansion of budget-truncated nodes, checked against the cost the user confirmed: the graph's estimate (null
 * when a chosen node's cost is not stated) must be exactly that cost, which is then the cap.
 */
export function confirmedExpansion(
  graph: Graph,
  nodeIds: readonly string[],
  confirmedCost: number | null,
): { ok: true; data: ConfirmedContinuation } | Refusal {
  const plan = continuationPlan(graph, nodeIds);
  if (plan.unknownIds.length) {
    return {
      ok: false,
      code: "invalid_input",
      error: `Not budget-truncated nodes of this graph: ${plan.unknownIds.slice(0, 5).join(", ")}.`,
    };
  }
  const cost = plan.costUnknown ? null : plan.estimatedCost;
  if (cost !== confirmedCost) return costChanged(cost, confirmedCost);
  return {
    ok: true,
    data: {
      continueFrom: [...plan.keep, ...plan.chosen],
      cap: cost,
      details: { nodeIds: plan.chosen, estimatedCost: cost, costUnknownNodes: plan.costUnknown },
    },
  };
}

/**
 * A refresh, checked against the cost the user confirmed: a known price must be the one confirmed; an unknown one is
 * capped at what the user typed.
 */
export function confirmedRefresh(quote: RefreshQuote, confirmedCost: number | null): { ok: true; data: ConfirmedContinuation } | Refusal {
  const { chosen, through, cost, unpriced } = quote;
  if (cost !== null && cost !== confirmedCost) return costChanged(cost, confirmedCost);
  return {
    ok: true,
    data: {
      continueFrom: [...through, ...chosen],
      cap: confirmedCost,
      details: { refresh: true, nodeIds: chosen, throughNodeIds: through, estimatedCost: cost, unpricedCountries: unpriced },
    },
  };
}

/**
 * Continues a request's ownership graph: `POST /v2/company` with `graphContinueFromNodeIds` and the parent request
 * id, capped at the confirmed cost. Either from budget-truncated nodes (an expansion), or, with `refresh`, from
 * companies expanded before, whose owners the registry lists anew (the company file then replaces their owners).
 * The new request is recorded as ordered by this user, its snapshot stored and the spend audited, filed under the
 * case of the request it continues. A follow-up: it goes through the parent request's connection.
 */
export async function continueGraph(
  input: ContinueGraphInput,
  { user, followed: parent, registry }: FollowUpContext,
): ReturnType<typeof sendAndRecord> {
  const target = await graphToContinue(parent);
  if (!target.ok) return target;
  const { companyId, countryCode, graph } = target.data;

  let confirmed: { ok: true; data: ConfirmedContinuation } | Refusal;
  if (input.refresh) {
    const quote = await quoteRefresh(target.data, input.nodeIds, registry);
    if (!quote.ok) return quote;
    confirmed = confirmedRefresh(quote.data, input.confirmedCost);
  } else {
    confirmed = confirmedExpansion(graph, input.nodeIds, input.confirmedCost);
  }
  if (!confirmed.ok) return confirmed;
  const { continueFrom, cap, details } = confirmed.data;

  const { connection, client } = await registry();
  const body = continuationBody({ requestId: parent.requestId, companyId, countryCode }, continueFrom, cap);
  const caseReference = await followedCaseReference(connection.id, { countryCode, id: companyId }, parent.requestId);
  const paid = {
    user,
    connectionId: connection.id,
    company: { countryCode, id: companyId, name: parent.companyName },
    action: input.refresh ? ("company.graph_refreshed" as const) : ("company.graph_expanded" as const),
    details: {
      parentRequestId: parent.requestId,
      ...details,
      caps: { graphMaxBudget: cap, maxBudget: cap },
      caseReference: caseReference || null,
    },
    purpose: input.refresh ? ("graph_refresh" as const) : ("graph_expansion" as const),
    parentRequestId: parent.requestId,
  };
  return sendAndRecord(paid, (intent) =>
    client.createCompany({ ...body, metadata: { ...intent, ...(caseReference && { caseReference }) } } as Parameters<
      typeof client.createCompany
    >[0]),
  );
}
