"use server";

import { z } from "zod";
import { db } from "@/db/client";
import { roleAction } from "@/lib/auth/role-action";
import { reconcileIntents } from "@/lib/orders/reconcile-intents";

/**
 * Looks again for the requests the registry created for paid requests without a known outcome (the launcher
 * does it at every start): for those who may order.
 */
export const reconcileIntentsAction = roleAction("spendCredits", z.object({}), async () => {
  const { ordered, stillOpen } = await reconcileIntents(db());
  return { ok: true, data: { found: ordered.length, stillOpen } };
});
