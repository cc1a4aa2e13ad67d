"use server";

import { registryAction } from "@/lib/registry-seam/registry-action";
import { continueGraph, continueGraphInputSchema } from "@/lib/orders/graph-continuation";

/**
 * Continues a request's ownership graph (an expansion, or a refresh of branches expanded before) at the cost the
 * user confirmed, through the request's own connection; recorded, stored and audited by continueGraph.
 */
export const expandGraphAction = registryAction("spendCredits", continueGraphInputSchema, continueGraph, {
  followUp: (input) => input.requestId,
});
