import "server-only";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { db } from "@/db/client";
import { companyRequests, users } from "@/db/schema";
import { requestCharge } from "./charge";
import type { RequestOrigin } from "./origins";
import type { RequestFilters } from "./request-filters";

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

/** The filters as conditions on `company_requests` left-joined with `users` (who ordered). */
export function requestConditions(filters: RequestFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.orderedBy) conditions.push(eq(users.email, filters.orderedBy));
  if (filters.status) conditions.push(eq(companyRequests.complete, filters.status === "complete"));
  if (filters.origin) conditions.push(eq(companyRequests.origin, filters.origin));
  return conditions.length ? and(...conditions) : undefined;
}

/** The columns a list row is made of: only the statuses of the snapshot, which can be megabytes. */
export const requestListColumns = {
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
  dataStatus: companyRequests.dataStatus,
  orderedBy: users.email,
};

type ListedColumns = {
  request: Omit<RequestListRow, "datapoints" | "charged" | "orderedBy" | "createdAt" | "updatedAt"> & { createdAt: Date; updatedAt: Date };
  dataStatus: unknown;
  orderedBy: string | null;
};

export function toRequestListRow({ request, dataStatus, orderedBy }: ListedColumns): RequestListRow {
  return {
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
  };
}

/** Requests newest first, 50 a page, optionally only complete or only running ones, of one origin, or by one user. */
export async function listRequests(filter: RequestFilters & { page: number }) {
  const where = requestConditions(filter);
  const [rows, [total]] = await Promise.all([
    db()
      .select(requestListColumns)
      .from(companyRequests)
      .leftJoin(users, eq(users.id, companyRequests.orderedBy))
      .where(where)
      .orderBy(desc(companyRequests.createdAt), desc(companyRequests.requestId))
      .limit(pageSize)
      .offset((filter.page - 1) * pageSize),
    db().select({ n: count() }).from(companyRequests).leftJoin(users, eq(users.id, companyRequests.orderedBy)).where(where),
  ]);
  return { rows: rows.map(toRequestListRow), total: total?.n ?? 0, pages: Math.max(1, Math.ceil((total?.n ?? 0) / pageSize)) };
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
