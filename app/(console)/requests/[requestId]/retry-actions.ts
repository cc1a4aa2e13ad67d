"use server";

import { z } from "zod";
import { retryableEntry } from "@/lib/requests/retry-target";
import { snapshotDocuments } from "@/lib/requests/snapshot-documents";
import { roleAction } from "@/lib/auth/role-action";
import { connectionTarget, listConnections } from "@/lib/connections/manage-connections";
import { orderInputSchema, type OrderInput } from "@/lib/orders/order-input";
import { placeOrder } from "@/lib/orders/place-order";
import { cachedPricing } from "@/lib/orders/pricing-cache";
import { offeredModes, orderableDatapoints, quoteOrder, type OrderableDatapoint } from "@/lib/orders/quote";
import { createRegistryClient } from "@/lib/registry/client";
import { RegistryError } from "@/lib/registry/registry-error";
import { isKnownValue } from "@/lib/registry/schemas";
import { storedRequest } from "@/lib/requests/stored-request";

/** Who may spend credits: compliance officers and admins. */
const orderingRoles = ["admin", "compliance"] as const;

const retryInput = z.object({ requestId: z.string().min(1), kind: z.enum(["dataPoint", "document"]), name: z.string().min(1) });

type RetryPlan = { order: OrderInput; label: string };

/** What re-ordering one failed datapoint or document of a stored request costs and sends (a new request at the registry, through the request's own connection). */
async function retryPlan(input: z.infer<typeof retryInput>) {
  const request = await storedRequest(input.requestId);
  if (!request?.countryCode || !request.companyId) return { ok: false as const, code: "not_found", error: "This console has no such request, or it does not name its company yet." };
  if (!retryableEntry(request.snapshot, input.kind, input.name)) return { ok: false as const, code: "not_retryable", error: "This entry has not failed in a way the registry says a retry can help." };
  // The request lives on its own connection (account), whichever one the user has chosen for new work.
  const connection = (await listConnections()).find((c) => c.id === request.connectionId);
  const target = connection && (await connectionTarget(connection.id));
  if (!connection || !target) return { ok: false as const, code: "no_connection", error: "The request's registry connection no longer exists, so it cannot be ordered again from here." };
  const registry = { connection, client: createRegistryClient(target) };
  const pricing = await cachedPricing(registry.connection.id, registry.client, request.countryCode);
  const requestMode = (request.snapshot?.request as { mode?: unknown } | undefined)?.mode;
  const mode = typeof requestMode === "string" ? requestMode : (offeredModes(pricing)[0] ?? "verification");
  let dataPoints: OrderableDatapoint[];
  let documentPrices: number[] = [];
  if (input.kind === "dataPoint") {
    if (!isKnownValue(orderableDatapoints, input.name)) return { ok: false as const, code: "not_orderable", error: `The console cannot order the datapoint "${input.name}".` };
    dataPoints = [input.name];
  } else {
    // A document is ordered beside the free document listing (an order names at least one datapoint).
    dataPoints = ["availableDocuments"];
    documentPrices = [snapshotDocuments(request.snapshot).find((d) => d.id === input.name)?.price ?? 0];
  }
  const quote = quoteOrder(pricing, mode, dataPoints, documentPrices);
  const plan: RetryPlan = {
    label: input.kind === "dataPoint" ? input.name : `document ${input.name}`,
    order: {
      countryCode: request.countryCode as OrderInput["countryCode"],
      id: request.companyId,
      mode,
      dataPoints,
      documents: input.kind === "document" ? [input.name] : [],
      quotedTotal: quote.total,
      caseReference: `retry of ${input.requestId}`,
    },
  };
  return { ok: true as const, plan, quote, registry };
}

/** The registry's refusal of the pricing call, in its words. */
async function planOrRefusal(input: z.infer<typeof retryInput>) {
  try {
    return await retryPlan(input);
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    return { ok: false as const, code: error.code, error: error.message, registry: error.toInfo() };
  }
}

/** The price of a retry, shown before anything is spent. */
export const quoteRetryAction = roleAction(orderingRoles, retryInput, async (input) => {
  const planned = await planOrRefusal(input);
  if (!planned.ok) return planned;
  return { ok: true, data: { total: planned.quote.total, unpriced: planned.quote.unpriced, label: planned.plan.label } };
});

/** Re-orders just the failed datapoint or document, as a new request; audited like every order. */
export const retryDatapointAction = roleAction(orderingRoles, retryInput.extend({ quotedTotal: z.number().nonnegative() }), async (input, user) => {
  const planned = await planOrRefusal(input);
  if (!planned.ok) return planned;
  return placeOrder(user, orderInputSchema.parse({ ...planned.plan.order, quotedTotal: input.quotedTotal }), planned.registry);
});
