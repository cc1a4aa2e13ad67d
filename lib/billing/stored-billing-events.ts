import "server-only";
import { desc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { billingEvents } from "@/db/schema";
import type { StoredBillingEvent } from "./merge-billing-events";

/** The billing events the webhook route stored for `connectionId`, newest first: another connection's never show. */
export async function storedBillingEvents(connectionId: string, limit: number): Promise<StoredBillingEvent[]> {
  return db()
    .select({ id: billingEvents.id, kind: billingEvents.kind, payload: billingEvents.payload, receivedAt: billingEvents.receivedAt })
    .from(billingEvents)
    .where(eq(billingEvents.connectionId, connectionId))
    .orderBy(desc(billingEvents.receivedAt), desc(billingEvents.id))
    .limit(limit);
}
