import "server-only";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { companyRequests, monitors, registryConnections } from "@/db/schema";
import { complianceFlagsSchema, statutoryFilingsSchema } from "@/lib/registry/schemas";
import { filingEntries, type DossierFilings, type FilingEntry } from "./filing-entries";

/**
 * Every filing deadline the console knows of: from the latest snapshot of each stored request, with the case
 * references of the company's requests and running monitors. Reads only the few snapshot parts it needs (a
 * snapshot can be megabytes). Parts that do not parse are skipped, never a failed page (the API is additive).
 */
export async function calendarEntries(now = new Date()): Promise<FilingEntry[]> {
  const snapshot = companyRequests.snapshot;
  const [requests, running] = await Promise.all([
    db()
      .select({
        requestId: companyRequests.requestId,
        snapshotAt: companyRequests.updatedAt,
        countryCode: sql<string | null>`coalesce(${companyRequests.countryCode}, ${snapshot}->'company'->>'countryCode')`,
        companyId: sql<string | null>`coalesce(${companyRequests.companyId}, ${snapshot}->'company'->>'id')`,
        companyName: sql<string | null>`coalesce(${snapshot}->'company'->>'legalName', ${companyRequests.companyName})`,
        caseReference: sql<string | null>`${snapshot}->'request'->'metadata'->>'caseReference'`,
        statutoryFilings: sql<unknown>`${snapshot}->'company'->'statutoryFilings'`,
        complianceFlags: sql<unknown>`${snapshot}->'company'->'complianceFlags'`,
        connectionId: registryConnections.id,
        connectionName: registryConnections.name,
      })
      .from(companyRequests)
      .leftJoin(registryConnections, eq(registryConnections.id, companyRequests.connectionId))
      .where(isNotNull(snapshot)),
    db()
      .select({ countryCode: monitors.countryCode, companyId: monitors.companyId, caseReference: monitors.caseReference })
      .from(monitors)
      .where(and(isNull(monitors.stoppedAt), isNull(monitors.deactivatedAt))),
  ]);
  const dossiers: DossierFilings[] = requests.flatMap((row) =>
    row.countryCode && row.companyId
      ? [
          {
            requestId: row.requestId,
            snapshotAt: row.snapshotAt,
            connection: row.connectionId && row.connectionName ? { id: row.connectionId, name: row.connectionName } : null,
            countryCode: row.countryCode,
            companyId: row.companyId,
            companyName: row.companyName,
            caseReference: row.caseReference,
            statutoryFilings: statutoryFilingsSchema.safeParse(row.statutoryFilings).data,
            complianceFlags: complianceFlagsSchema.safeParse(row.complianceFlags).data,
          },
        ]
      : [],
  );
  return filingEntries(dossiers, running, now);
}
