import "server-only";
import { z } from "zod";
import type { ActionResult } from "@/lib/forms/action-result";
import type { FollowUpContext } from "@/lib/registry-seam/registry-context";
import type { Registry } from "@/lib/connections/registry-for";
import { cachedPricing } from "@/lib/pricing/pricing-cache";
import { isKnownValue, type CompanyResponse, type DatapointStatus, type PricingResponse } from "@/lib/registry/schemas.shared";
import { snapshotDocuments } from "@/lib/dossier/snapshot-documents.shared";
import type { StoredRequest } from "@/lib/requests/stored-request";
import { orderInputSchema, type OrderInput } from "./order-input.shared";
import { placeOrder } from "./place-order";
import { offeredModes, orderableDatapoints, quoteOrder, type OrderableDatapoint, type Quote } from "@/lib/pricing/quote.shared";

/**
 * Re-ordering one failed datapoint or document of a stored request: a new request at the registry, through the
 * request's own connection (a follow-up), filed under the case of the request it follows.
 */

export const retryInputSchema = z.object({
  requestId: z.string().min(1),
  kind: z.enum(["dataPoint", "document"]),
  name: z.string().min(1),
});
export type RetryInput = z.infer<typeof retryInputSchema>;
export type RetryKind = RetryInput["kind"];

/** The failed entry a retry would re-order, when the registry says retrying can help; undefined otherwise. */
export function retryableEntry(snapshot: CompanyResponse | null | undefined, kind: RetryKind, name: string): DatapointStatus | undefined {
  const entries = kind === "dataPoint" ? snapshot?.request.dataStatus?.dataPoints : snapshot?.request.dataStatus?.documents;
  const entry = entries?.[name];
  return entry?.status === "failed" && entry.error?.retryable === true ? entry : undefined;
}

export type RetryPlan = { order: OrderInput; label: string; quote: Quote };
type Refusal = { ok: false; code: string; error: string };

/** A stored request that names its company. */
type RetriedRequest = StoredRequest & { countryCode: string; companyId: string };

/** The request, when its entry can be retried at all (checked before any price is read); otherwise why not. */
export function retriable(request: StoredRequest, input: RetryInput): { ok: true; request: RetriedRequest } | Refusal {
  const { countryCode, companyId } = request;
  if (!countryCode || !companyId) return { ok: false, code: "not_found", error: "This request does not name its company yet." };
  if (!retryableEntry(request.snapshot, input.kind, input.name))
    return { ok: false, code: "not_retryable", error: "This entry has not failed in a way the registry says a retry can help." };
  return { ok: true, request: { ...request, countryCode, companyId } };
}

/**
 * What a retry costs and sends at today's `pricing`: the request's own mode (or the first one offered), the failed
 * datapoint, or the failed document beside the free document listing (an order names at least one datapoint).
 */
export function plannedRetry(
  request: RetriedRequest,
  input: RetryInput,
  pricing: PricingResponse,
): { ok: true; plan: RetryPlan } | Refusal {
  const requestMode = (request.snapshot?.request as { mode?: unknown } | undefined)?.mode;
  const mode = typeof requestMode === "string" ? requestMode : (offeredModes(pricing)[0] ?? "verification");
  let dataPoints: OrderableDatapoint[];
  let documentPrices: number[] = [];
  if (input.kind === "dataPoint") {
    if (!isKnownValue(orderableDatapoints, input.name))
      return { ok: false, code: "not_orderable", error: `The console cannot order the datapoint "${input.name}".` };
    dataPoints = [input.name];
  } else {
    dataPoints = ["availableDocuments"];
    documentPrices = [snapshotDocuments(request.snapshot).find((d) => d.id === input.name)?.price ?? 0];
  }
  const quote = quoteOrder(pricing, mode, dataPoints, documentPrices);
  return {
    ok: true,
    plan: {
      label: input.kind === "dataPoint" ? input.name : `document ${input.name}`,
      quote,
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
    },
  };
}

async function retryPlan(
  input: RetryInput,
  context: FollowUpContext,
): Promise<{ ok: true; plan: RetryPlan; registry: Registry } | Refusal> {
  const checked = retriable(context.followed, input);
  if (!checked.ok) return checked;
  const registry = await context.registry();
  const pricing = await cachedPricing(registry.connection.id, registry.client, checked.request.countryCode);
  const planned = plannedRetry(checked.request, input, pricing);
  return planned.ok ? { ...planned, registry } : planned;
}

/** The price of a retry, shown before anything is spent. */
export async function quoteRetry(
  input: RetryInput,
  context: FollowUpContext,
): Promise<ActionResult<{ total: number; unpriced: Quote["unpriced"]; label: string }>> {
  const planned = await retryPlan(input, context);
  if (!planned.ok) return planned;
  const { quote, label } = planned.plan;
  return { ok: true, data: { total: quote.total, unpriced: quote.unpriced, label } };
}

/** Re-orders just the failed entry at the total the user confirmed, as a new request; audited like every order. */
export async function orderRetry(input: RetryInput & { quotedTotal: number }, context: FollowUpContext): ReturnType<typeof placeOrder> {
  const planned = await retryPlan(input, context);
  if (!planned.ok) return planned;
  const order = orderInputSchema.parse({ ...planned.plan.order, quotedTotal: input.quotedTotal });
  return placeOrder(context.user, order, planned.registry, {}, { purpose: "retry", parentRequestId: input.requestId });
}
