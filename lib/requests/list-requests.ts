import "server-only";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { db } from "@/db/client";
import { companyRequests, users } from "@/db/schema";
import { requestCharge } from "./charge";
import type { RequestOrigin } from "./origins";

export const requestStatusFilters = ["complete", "in_progress"] as const;
export type RequestStatusFilter = (typeof requestStatusFilters)[number];

export type RequestListRow = {
  requestId: string;
  origin: RequestOrigin;
  countryCode: string | null;
  companyId: string | null;
  companyName: string | null;
  version: number;
  complete: boolean;
  datapoints: { total: number; final: number };
  /** Credits the registry reports as charged; undefined when it reports none. */
  charged: number | undefined;
  orderedBy: string | null;
  createdAt: string;
  updatedAt: string;
};

const pageSize = 50;

type StatusMap = Record<string, { status?: string; cost?: number }>;
type DataStatus = { dataPoints?: StatusMap; documents?: StatusMap } | null;

function progress(status: DataStatus): { total: number; final: number } {
  const entries = [...Object.values(status?.dataPoints ?? {}), ...Object.values(status?.documents ?? {})];
  return { total: entries.length, final: entries.filter((e) => e.status !== "in_progress" && e.status !== "enriching").length };
}

/** Requests newest first, 50 a page, optionally only complete or only running ones, or of one origin. */
export async function listRequests(filter: { status?: RequestStatusFilter; origin?: RequestOrigin; orderedBy?: string; page: number }) {
  const conditions: SQL[] = [];
  if (filter.orderedBy) conditions.push(eq(users.email, filter.orderedBy));
  if (filter.status) conditions.push(eq(companyRequests.complete, filter.status === "complete"));
  if (filter.origin) conditions.push(eq(companyRequests.origin, filter.origin));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        request: {
          requestId: companyRequests.requestId,
          origin: companyRequests.origin,
          countryCode: companyRequests.countryCode,
          companyId: companyRequests.companyId,
          companyName: companyRequests.companyName,
          version: companyRequests.version,
          complete: companyRequests.complete,
          createdAt: companyRequests.createdAt,
          updatedAt: companyRequests.updatedAt,
        },
        // Only the statuses: a snapshot can be megabytes.
        dataStatus: companyRequests.dataStatus,
        orderedBy: users.email,
      })
      .from(companyRequests)
      .leftJoin(users, eq(users.id, companyRequests.orderedBy))
      .where(where)
      .orderBy(desc(companyRequests.createdAt), desc(companyRequests.requestId))
      .limit(pageSize)
      .offset((filter.page - 1) * pageSize),
    db().select({ n: count() }).from(companyRequests).leftJoin(users, eq(users.id, companyRequests.orderedBy)).where(where),
  ]);
  const list: RequestListRow[] = rows.map(({ request, dataStatus, orderedBy }) => ({
    requestId: request.requestId,
    origin: request.origin,
    countryCode: request.countryCode,
    companyId: request.companyId,
    companyName: request.companyName,
    version: request.version,
    complete: request.complete,
    datapoints: progress(dataStatus as DataStatus),
    charged: requestCharge(dataStatus as DataStatus),
    orderedBy,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  }));
  return { rows: list, total: total?.n ?? 0, pages: Math.max(1, Math.ceil((total?.n ?? 0) / pageSize)) };
}

/** Everyone who has ordered a request here, for the filter. */
export async function requestOrderers(): Promise<string[]> {
  const rows = await db()
    .selectDistinct({ email: users.email })
    .from(companyRequests)
    .innerJoin(users, eq(users.id, companyRequests.orderedBy))
    .orderBy(users.email);
  return rows.map((r) => r.email);
}
