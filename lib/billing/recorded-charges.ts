import "server-only";
import { and, asc, eq, gte } from "drizzle-orm";
import { db } from "@/db/client";
import { companyRequests } from "@/db/schema";
import { requestCharge } from "@/lib/requests/charge";
import type { Charge } from "./spend-series";

/** Credit cents in a credit: the registry's prices are credits, its billing fields credit cents (1/100 credit). */
export const creditCentsPerCredit = 100;

/**
 * What the registry charged for the requests this console ordered through `connectionId` since `since`, as it
 * reported each (lib/requests/charge.ts, in credits), converted openly to credit cents at 100 per credit and
 * dated when the console ordered them. Requests by other clients of the account are not here; a request whose
 * charge the registry has not reported is left out (never guessed).
 */
export async function recordedCharges(connectionId: string, since: Date): Promise<Charge[]> {
  const rows = await db()
    .select({ createdAt: companyRequests.createdAt, dataStatus: companyRequests.dataStatus })
    .from(companyRequests)
    .where(and(eq(companyRequests.connectionId, connectionId), gte(companyRequests.createdAt, since)))
    .orderBy(asc(companyRequests.createdAt));
  return rows.flatMap(({ createdAt, dataStatus }) => {
    const credits = requestCharge(dataStatus as Parameters<typeof requestCharge>[0]);
    return credits ? [{ atMs: createdAt.getTime(), cents: Math.round(credits * creditCentsPerCredit) }] : [];
  });
}
