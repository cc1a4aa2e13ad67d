"use server";

import { z } from "zod";
import { registryAction } from "@/lib/auth/registry-action";
import { companyFileGraph } from "@/lib/company-file/company-file-view";
import { continuationBody, continuationPlan } from "@/lib/graph/ownership-graph";
import { sendAndRecord } from "@/lib/orders/send-and-record";

const expandInput = z.object({
  requestId: z.string().min(1).max(200),
  nodeIds: z.array(z.string().min(1).max(500)).min(1, { error: "Choose at least one node to expand." }).max(2000),
  /** The cost the user confirmed; the action refuses if the stored graph now says otherwise. */
  confirmedCost: z.number().nonnegative().nullable(),
});

/**
 * Continues a request's ownership graph from budget-truncated nodes: `POST /v2/company` with
 * `graphContinueFromNodeIds` and the parent request id, capped at the confirmed cost. The new request is
 * recorded as ordered here by this user, its snapshot stored (the page follows it live) and the spend audited.
 * A follow-up: it goes through the parent request's connection, never the one the user has chosen for new work.
 */
export const expandGraphAction = registryAction(
  "spendCredits",
  expandInput,
  async (input, { user, followed: parent, registry }) => {
    const companyId = parent.companyId ?? parent.snapshot?.request.companyId;
    const countryCode = parent.countryCode ?? parent.snapshot?.request.countryCode;
    if (!companyId || !countryCode) return { ok: false, code: "not_found", error: "The request does not say which company it is about." };
    // The graph the user saw: the company file's, merged over every purchase (a node expanded before is no longer
    // budget-truncated there, so it is not bought twice); the request's own where the file has none.
    const fileGraph = parent.connectionId
      ? await companyFileGraph({ connectionId: parent.connectionId, countryCode, companyId })
      : undefined;
    const graph = fileGraph ?? parent.snapshot?.graph;
    if (!graph) return { ok: false, code: "not_found", error: "This request has no ownership graph to continue." };

    const plan = continuationPlan(graph, input.nodeIds);
    if (plan.unknownIds.length) {
      return {
        ok: false,
        code: "invalid_input",
        error: `Not budget-truncated nodes of this graph: ${plan.unknownIds.slice(0, 5).join(", ")}.`,
      };
    }
    const cost = plan.costUnknown ? null : plan.estimatedCost;
    if (cost !== input.confirmedCost) {
      return {
        ok: false,
        code: "cost_changed",
        error: `The estimated cost is now ${cost ?? "not stated"} credits, not the ${input.confirmedCost ?? "unstated"} you confirmed. Confirm again.`,
      };
    }

    const { connection, client } = await registry();
    const body = continuationBody({ requestId: parent.requestId, companyId, countryCode }, plan);
    const details = {
      parentRequestId: parent.requestId,
      nodeIds: plan.chosen,
      estimatedCost: cost,
      costUnknownNodes: plan.costUnknown,
      caps: { graphMaxBudget: body.graphMaxBudget ?? null, maxBudget: body.maxBudget ?? null },
    };
    const paid = {
      user,
      connectionId: connection.id,
      company: { countryCode, id: companyId, name: parent.companyName },
      action: "company.graph_expanded" as const,
      details,
      purpose: "graph_expansion" as const,
      parentRequestId: parent.requestId,
    };
    return sendAndRecord(paid, (intent) =>
      client.createCompany({ ...body, metadata: intent } as Parameters<typeof client.createCompany>[0]),
    );
  },
  { followUp: (input) => input.requestId },
);
