"use server";

import { z } from "zod";
import { registryAction } from "@/lib/registry-seam/registry-action";
import { graphToContinue, quoteRefresh } from "@/lib/orders/graph-continuation";
import { continuationBody, continuationPlan } from "@/lib/graph/ownership-graph.shared";
import { sendAndRecord } from "@/lib/orders/send-and-record";
import { followedCaseReference } from "@/lib/requests/follow-up-parent";

const expandInput = z
  .object({
    requestId: z.string().min(1).max(200),
    nodeIds: z.array(z.string().min(1).max(500)).min(1, { error: "Choose at least one node to expand." }).max(2000),
    /**
     * The cost the user confirmed; the action refuses if the stored graph (or, for a refresh, the pricing) now says
     * otherwise. A refresh whose price is not known is capped at the amount the user typed here.
     */
    confirmedCost: z.number().nonnegative().nullable(),
    /** Refresh the branches of companies expanded before (their owners listed anew) instead of expanding new ones. */
    refresh: z.boolean().optional(),
  })
  .refine((input) => !input.refresh || input.confirmedCost !== null, {
    error: "A refresh is always capped: confirm the most it may spend.",
    path: ["confirmedCost"],
  });

const costChanged = (now: number | null, confirmed: number | null) => ({
  ok: false as const,
  code: "cost_changed",
  error: `The estimated cost is now ${now ?? "not stated"} credits, not the ${confirmed ?? "unstated"} you confirmed. Confirm again.`,
});

/**
 * Continues a request's ownership graph: `POST /v2/company` with `graphContinueFromNodeIds` and the parent request
 * id, capped at the confirmed cost. Either from budget-truncated nodes (an expansion), or, with `refresh`, from
 * companies expanded before, whose owners the registry lists anew (the company file then replaces their owners).
 * The new request is recorded as ordered here by this user, its snapshot stored (the page follows it live) and the
 * spend audited. A follow-up: it goes through the parent request's connection, never the one the user has chosen for
 * new work.
 */
export const expandGraphAction = registryAction(
  "spendCredits",
  expandInput,
  async (input, { user, followed: parent, registry }) => {
    const target = await graphToContinue(parent);
    if (!target.ok) return target;
    const { companyId, countryCode, graph } = target.data;

    let continueFrom: string[];
    let cap: number | null;
    let details: Record<string, unknown>;
    if (input.refresh) {
      const quote = await quoteRefresh(target.data, input.nodeIds, registry);
      if (!quote.ok) return quote;
      const { chosen, through, cost, unpriced } = quote.data;
      // A known price must be the one confirmed; an unknown one is capped at what the user typed.
      if (cost !== null && cost !== input.confirmedCost) return costChanged(cost, input.confirmedCost);
      continueFrom = [...through, ...chosen];
      cap = input.confirmedCost;
      details = { refresh: true, nodeIds: chosen, throughNodeIds: through, estimatedCost: cost, unpricedCountries: unpriced };
    } else {
      const plan = continuationPlan(graph, input.nodeIds);
      if (plan.unknownIds.length) {
        return {
          ok: false,
          code: "invalid_input",
          error: `Not budget-truncated nodes of this graph: ${plan.unknownIds.slice(0, 5).join(", ")}.`,
        };
      }
      const cost = plan.costUnknown ? null : plan.estimatedCost;
      if (cost !== input.confirmedCost) return costChanged(cost, input.confirmedCost);
      continueFrom = [...plan.keep, ...plan.chosen];
      cap = cost;
      details = { nodeIds: plan.chosen, estimatedCost: cost, costUnknownNodes: plan.costUnknown };
    }

    const { connection, client } = await registry();
    const body = continuationBody({ requestId: parent.requestId, companyId, countryCode }, continueFrom, cap);
    // The expansion is filed under the case of the request it continues.
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
  },
  { followUp: (input) => input.requestId },
);
