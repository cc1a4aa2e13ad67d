"use server";

import { z } from "zod";
import { roleAction } from "@/lib/auth/role-action";
import { registryClientForRequest } from "@/lib/connections/active-connection";
import { connectionTarget } from "@/lib/connections/manage-connections";
import { continuationBody, continuationPlan } from "@/lib/graph/ownership-graph";
import { sendAndRecord } from "@/lib/orders/send-and-record";
import { createRegistryClient } from "@/lib/registry/client";
import { storedRequest } from "@/lib/requests/stored-request";

/** Who may spend credits: compliance officers and admins. */
const expandingRoles = ["admin", "compliance"] as const;

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
 */
export const expandGraphAction = roleAction(expandingRoles, expandInput, async (input, user) => {
  const parent = await storedRequest(input.requestId);
  const graph = parent?.snapshot?.graph;
  if (!parent || !graph) return { ok: false, code: "not_found", error: "This request has no ownership graph to continue." };
  const companyId = parent.companyId ?? parent.snapshot?.request.companyId;
  const countryCode = parent.countryCode ?? parent.snapshot?.request.countryCode;
  if (!companyId || !countryCode) return { ok: false, code: "not_found", error: "The request does not say which company it is about." };

  const plan = continuationPlan(graph, input.nodeIds);
  if (plan.unknownIds.length) {
    return { ok: false, code: "invalid_input", error: `Not budget-truncated nodes of this graph: ${plan.unknownIds.slice(0, 5).join(", ")}.` };
  }
  const cost = plan.costUnknown ? null : plan.estimatedCost;
  if (cost !== input.confirmedCost) {
    return { ok: false, code: "cost_changed", error: `The estimated cost is now ${cost ?? "not stated"} credits, not the ${input.confirmedCost ?? "unstated"} you confirmed. Confirm again.` };
  }

  // The parent request lives at the registry of its own connection.
  const target = parent.connectionId ? await connectionTarget(parent.connectionId) : undefined;
  const registry = target ? { connectionId: parent.connectionId, client: createRegistryClient(target) } : await activeRegistry();
  if (!registry) return { ok: false, code: "no_connection", error: "No registry connection is configured. An admin adds one in Settings → Connections." };

  const body = continuationBody({ requestId: parent.requestId, companyId, countryCode }, plan);
  const details = { parentRequestId: parent.requestId, nodeIds: plan.chosen, estimatedCost: cost, costUnknownNodes: plan.costUnknown, caps: { graphMaxBudget: body.graphMaxBudget ?? null, maxBudget: body.maxBudget ?? null } };
  const paid = { user, connectionId: registry.connectionId, company: { countryCode, id: companyId, name: parent.companyName }, action: "company.graph_expanded" as const, details };
  return sendAndRecord(paid, (intent) => registry.client.createCompany({ ...body, metadata: intent } as Parameters<typeof registry.client.createCompany>[0]));
});

async function activeRegistry() {
  const active = await registryClientForRequest();
  return active ? { connectionId: active.connection.id as string | null, client: active.client } : undefined;
}
