"use server";

import { z } from "zod";
import { registryAction } from "@/lib/registry-seam/registry-action";
import { orderRetry, quoteRetry, retryInputSchema } from "@/lib/orders/retry-order";

const followUp = { followUp: (input: { requestId: string }) => input.requestId };

/** The price of a retry, shown before anything is spent. */
export const quoteRetryAction = registryAction("spendCredits", retryInputSchema, quoteRetry, followUp);

/** Re-orders just the failed datapoint or document, as a new request; audited like every order. */
export const retryDatapointAction = registryAction(
  "spendCredits",
  retryInputSchema.extend({ quotedTotal: z.number().nonnegative() }),
  orderRetry,
  followUp,
);
