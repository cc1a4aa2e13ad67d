import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { alerts, companyRequests, companyRequestVersions, registryConnections, users } from "@/db/schema";
import type { DataStatus } from "@/lib/registry/schemas.shared";
import { requestCharge } from "@/lib/requests/charge";
import type { StoredRequest } from "@/lib/requests/stored-request";
import { reviewStatus, type ReviewStatus } from "@/lib/reviews/review-status";

/**
 * What the report says beside the snapshot: who ordered it, through which connection, each version, the alerts, the
 * company's risk rating and last review.
 */
export type EvidenceFacts = {
  connection: { name: string; environment: "production" | "sandbox" } | null;
  orderedBy: string | null;
  caseReference: string | null;
  creditsCharged: number | undefined;
  versions: { version: number; source: string; appliedAt: Date; dataStatus: DataStatus | null }[];
  alerts: {
    id: number;
    state: string;
    categories: string[];
    openedAt: Date;
    resolvedAt: Date | null;
    outcome: string | null;
    changeRequestId: string | null;
    baselineRequestId: string | null;
    baselineVersion: number | null;
  }[];
  /** The company's rating in force with its reasons, its last review and next due date (from the portfolio); none without a company. */
  riskAndReview: ReviewStatus | null;
};

/** Reads the facts of one stored request (the snapshot itself is the caller's). Versions carry only their status. */
export async function evidenceFacts(request: StoredRequest): Promise<EvidenceFacts> {
  const [row] = await db()
    .select({ orderedBy: users.email, connectionName: registryConnections.name, environment: registryConnections.environment })
    .from(companyRequests)
    .leftJoin(users, eq(users.id, companyRequests.orderedBy))
    .leftJoin(registryConnections, eq(registryConnections.id, companyRequests.connectionId))
    .where(eq(companyRequests.requestId, request.requestId));
  const versions = await db()
    .select({
      version: companyRequestVersions.version,
      source: companyRequestVersions.source,
      appliedAt: companyRequestVersions.appliedAt,
      // Only the status of each version: a LARGE snapshot is megabytes, and the report needs when each datapoint settled.
      dataStatus: sql<DataStatus | null>`${companyRequestVersions.snapshot}->'request'->'dataStatus'`,
    })
    .from(companyRequestVersions)
    .where(eq(companyRequestVersions.requestId, request.requestId))
    .orderBy(asc(companyRequestVersions.version));
  const { connectionId, countryCode, companyId } = request;
  const companyAlerts =
    connectionId && countryCode && companyId
      ? await db()
          .select({
            id: alerts.id,
            state: alerts.state,
            categories: alerts.categories,
            openedAt: alerts.openedAt,
            resolvedAt: alerts.resolvedAt,
            outcome: alerts.outcome,
            changeRequestId: alerts.changeRequestId,
            baselineRequestId: alerts.baselineRequestId,
            baselineVersion: alerts.baselineVersion,
          })
          .from(alerts)
          .where(
            and(
              eq(alerts.connectionId, connectionId),
              eq(alerts.countryCode, countryCode),
              eq(alerts.companyId, companyId),
              eq(alerts.isTest, false),
            ),
          )
          .orderBy(asc(alerts.openedAt))
      : [];
  const riskAndReview = connectionId && countryCode && companyId ? await reviewStatus({ connectionId, countryCode, companyId }) : null;
  const caseReference = request.snapshot?.request.metadata?.caseReference;
  return {
    connection: row?.connectionName && row.environment ? { name: row.connectionName, environment: row.environment } : null,
    orderedBy: row?.orderedBy ?? null,
    caseReference: typeof caseReference === "string" && caseReference ? caseReference : null,
    creditsCharged: requestCharge(request.snapshot?.request.dataStatus),
    versions,
    alerts: companyAlerts,
    riskAndReview,
  };
}

/** Statuses that will still change (as lib/requests/completion.shared.ts reads them); any other is final. */
const stillChanging = new Set(["in_progress", "enriching"]);

/** When each datapoint and document first reached its final status, and in which version (from the version history). */
export function settledAt(versions: EvidenceFacts["versions"]): Map<string, { version: number; at: Date }> {
  const settled = new Map<string, { version: number; at: Date }>();
  for (const v of versions) {
    for (const [kind, entries] of [
      ["datapoint", v.dataStatus?.dataPoints],
      ["document", v.dataStatus?.documents],
    ] as const) {
      for (const [name, entry] of Object.entries(entries ?? {})) {
        const key = `${kind}:${name}`;
        if (!settled.has(key) && entry && !stillChanging.has(String(entry.status)))
          settled.set(key, { version: v.version, at: v.appliedAt });
      }
    }
  }
  return settled;
}
