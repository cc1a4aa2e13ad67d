import "server-only";
import { and, desc, eq, gt, lte, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, type Database } from "@/db/client";
import { companyRequests, companyRequestVersions, reviewedBaselines } from "@/db/schema";
import { ofCompany } from "@/lib/company-file/company-file-store";
import type { CompanyResponse } from "@/lib/registry/schemas.shared";

/** One company on one connection: snapshots are compared only within it (another connection's requests belong to another account). */
export type CompanyOnConnection = { connectionId: string; countryCode: string; companyId: string };

export type Baseline = { requestId: string; version: number; reviewed: boolean };

type Executor = Pick<Database, "select">;

/**
 * The snapshot a new request of the company is compared with: the one last marked reviewed on this connection
 * (resolving an alert marks it), else the latest request of the company on this connection ordered before the
 * new one that has a snapshot. Undefined when there is none: nothing earlier to compare with.
 */
export async function chooseBaseline(
  company: CompanyOnConnection,
  newRequestId: string,
  executor: Executor = db(),
): Promise<Baseline | undefined> {
  const [reviewed] = await executor
    .select({ requestId: reviewedBaselines.requestId, version: reviewedBaselines.version })
    .from(reviewedBaselines)
    .where(and(ofCompany(reviewedBaselines, company), ne(reviewedBaselines.requestId, newRequestId)));
  if (reviewed) return { ...reviewed, reviewed: true };
  const newRequest = alias(companyRequests, "n");
  const newRequestOrderedAt = executor
    .select({ createdAt: newRequest.createdAt })
    .from(newRequest)
    .where(eq(newRequest.requestId, newRequestId));
  const orderedAt = sql`coalesce(${newRequestOrderedAt}, now())`;
  const [latest] = await executor
    .select({ requestId: companyRequests.requestId, version: companyRequests.version })
    .from(companyRequests)
    .where(
      and(
        ofCompany(companyRequests, company),
        ne(companyRequests.requestId, newRequestId),
        gt(companyRequests.version, 0),
        lte(companyRequests.createdAt, orderedAt),
      ),
    )
    .orderBy(desc(companyRequests.createdAt))
    .limit(1);
  return latest && { ...latest, reviewed: false };
}

/**
 * A request's snapshot as it was at `version` (its history), else its latest merged snapshot. As stored, signed
 * URLs included: for diffing on the server only (what a diff shows is withheld in compare-snapshots.ts, far cheaper
 * than withholding two whole snapshots). Undefined when the console has no snapshot of it.
 */
export async function storedSnapshotAt(requestId: string, version?: number | null): Promise<CompanyResponse | undefined> {
  if (version != null) {
    const [kept] = await db()
      .select({ snapshot: companyRequestVersions.snapshot })
      .from(companyRequestVersions)
      .where(and(eq(companyRequestVersions.requestId, requestId), eq(companyRequestVersions.version, version)));
    if (kept) return kept.snapshot as CompanyResponse;
  }
  const [latest] = await db()
    .select({ snapshot: companyRequests.snapshot })
    .from(companyRequests)
    .where(eq(companyRequests.requestId, requestId));
  return (latest?.snapshot as CompanyResponse | null) ?? undefined;
}

export type SnapshotListing = { requestId: string; createdAt: Date; version: number; complete: boolean; dataPoints: string[] };

/** The other stored requests of the company on this connection, newest first ("Compare with…"). */
export async function otherSnapshots(company: CompanyOnConnection, requestId: string): Promise<SnapshotListing[]> {
  const rows = await db()
    .select({
      requestId: companyRequests.requestId,
      createdAt: companyRequests.createdAt,
      version: companyRequests.version,
      complete: companyRequests.complete,
      dataStatus: companyRequests.dataStatus,
    })
    .from(companyRequests)
    .where(and(ofCompany(companyRequests, company), ne(companyRequests.requestId, requestId), gt(companyRequests.version, 0)))
    .orderBy(desc(companyRequests.createdAt))
    .limit(200);
  return rows.map(({ dataStatus, ...row }) => ({
    ...row,
    dataPoints: Object.keys((dataStatus as { dataPoints?: object } | null)?.dataPoints ?? {}),
  }));
}
