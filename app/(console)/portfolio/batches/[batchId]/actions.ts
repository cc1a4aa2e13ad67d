"use server";

import { z } from "zod";
import { roleAction } from "@/lib/auth/role-action";
import { cancelBatch, confirmBatch, maxBatchConcurrency } from "@/lib/batches/batch-control";
import { resolveRow } from "@/lib/batches/resolve-row";

const batchId = z.uuid({ error: "There is no such batch." });

/** A person's pick for an ambiguous row: one of its candidates, or none of them. */
export const resolveRowAction = roleAction(
  "runBatches",
  z.object({
    batchId,
    rowId: z.number().int().positive(),
    companyId: z.string().min(1).nullable(),
  }),
  async ({ batchId, rowId, companyId }, user) => resolveRow(user, batchId, rowId, companyId === null ? { none: true } : { companyId }),
);

/** The one confirm: the cap (at most what may be spent in all) and how many orders go out at once. */
export const confirmBatchAction = roleAction(
  "runBatches",
  z.object({
    batchId,
    capCredits: z.number({ error: "Write the cap as a number of credits." }).positive({ error: "The cap must be more than 0 credits." }),
    concurrency: z
      .number({ error: "Write how many orders go out at once." })
      .int({ error: "Orders at once is a whole number." })
      .min(1, { error: "At least 1 order at once." })
      .max(maxBatchConcurrency, { error: `At most ${maxBatchConcurrency} orders at once.` }),
  }),
  async ({ batchId, capCredits, concurrency }, user) => confirmBatch(user, batchId, { capCredits, concurrency }),
);

/** Cancels the batch: nothing more is sent; what was sent completes. */
export const cancelBatchAction = roleAction("runBatches", z.object({ batchId }), async ({ batchId }, user) => cancelBatch(user, batchId));
