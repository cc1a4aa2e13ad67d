"use server";

import { z } from "zod";
import { retryableEntry } from "@/lib/requests/retry-target";
import { snapshotDocuments } from "@/lib/dossier/snapshot-documents.shared";
import { registryAction } from "@/lib/registry-seam/registry-action";
import type { FollowUpContext } from "@/lib/registry-seam/registry-context";
import { orderInputSchema, type OrderInput } from "@/lib/orders/order-input.shared";
import { placeOrder } from "@/lib/orders/place-order";
import { cachedPricing } from "@/lib/pricing/pricing-cache";
import { offeredModes, orderableDatapoints, quoteOrder, type OrderableDatapoint } from "@/lib/pricing/quote.shared";
import { isKnownValue } from "@/lib/registry/schemas.shared";

const retryInput = z.object({ requestId: z.string().min(1), kind: z.enum(["dataPoint", "document"]), name: z.string().min(1) });

type RetryPlan = { order: OrderInput; label: string };

/**
 * What re-ordering one failed datapoint or document of a stored request costs and sends: a new request at the
 * registry, through the request's own connection (a follow-up), whichever one the user has chosen for new work.
 */
async function retryPlan(input: z.infer<typeof retryInput>, { followed: request, registry: open }: FollowUpContext) {
  if (!request.countryCode || !request.companyId)
    return { ok: false as const, code: "not_found", error: "This request does not name its company yet." };
  if (!retryableEntry(request.snapshot, input.kind, input.name))
    return { ok: false as const, code: "not_retryable", error: "This entry has not failed in a way the registry says a retry can help." };
  const registry = await open();
  const pricing = await cachedPricing(registry.connection.id, registry.client, request.countryCode);
  const requestMode = (request.snapshot?.request as { mode?: unknown } | undefined)?.mode;
  const mode = typeof requestMode === "string" ? requestMode : (offeredModes(pricing)[0] ?? "verification");
  let dataPoints: OrderableDatapoint[];
  let documentPrices: number[] = [];
  if (input.kind === "dataPoint") {
    if (!isKnownValue(orderableDatapoints, input.name))
      return { ok: false as const, code: "not_orderable", error: `The console cannot order the datapoint "${input.name}".` };
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
      // None of its own: placeOrder files a follow-up under the case of the request it follows.
      caseReference: "",
    },
  };
  return { ok: true as const, plan, quote, registry };
}

const followUp = { followUp: (input: { requestId: string }) => input.requestId };

/** The price of a retry, shown before anything is spent. */
export const quoteRetryAction = registryAction(
  "spendCredits",
  retryInput,
  async (input, context) => {
    const planned = await retryPlan(input, context);
    if (!planned.ok) return planned;
    return { ok: true, data: { total: planned.quote.total, unpriced: planned.quote.unpriced, label: planned.plan.label } };
  },
  followUp,
);

/** Re-orders just the failed datapoint or document, as a new request; audited like every order. */
export const retryDatapointAction = registryAction(
  "spendCredits",
  retryInput.extend({ quotedTotal: z.number().nonnegative() }),
  async (input, context) => {
    const planned = await retryPlan(input, context);
    if (!planned.ok) return planned;
    const order = orderInputSchema.parse({ ...planned.plan.order, quotedTotal: input.quotedTotal });
    return placeOrder(context.user, order, planned.registry, {}, { purpose: "retry", parentRequestId: input.requestId });
  },
  followUp,
);
