import "server-only";
import { and, asc, count, desc, eq, inArray, isNull, ne, notExists, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { containsText } from "@/db/contains-pattern";
import { companyRequests, users } from "@/db/schema";
import { requestCharge } from "./charge";
import type { RequestOrigin, RequestPurpose } from "./origins";
import type { RequestFilters } from "./request-filters";

export type RequestListRow = {
  requestId: string;
  origin: RequestOrigin;
  /** Why this console ordered it; null for a request made elsewhere. */
  purpose: RequestPurpose | null;
  /** The request this one follows up; null for a first order. */
  parentRequestId: string | null;
  countryCode: string | null;
  companyId: string | null;
  companyName: string | null;
  /** The case reference the request was ordered with (in its metadata); null when it has none, or no snapshot yet. */
  caseReference: string | null;
  version: number;
  complete: boolean;
  datapoints: { total: number; final: number };
  /** Credits the registry reports as charged; undefined when it reports none. */
  charged: number | undefined;
  orderedBy: string | null;
  createdAt: string;
  updatedAt: string;
};

/** A follow-up shown under a row: `depth` 1 follows the row itself, 2 follows one of its follow-ups, and so on. */
export type RequestFollowUp = RequestListRow & { depth: number };

/**
 * One row of the list: a first order, a request made elsewhere, or a follow-up whose request is not in the list (not
 * stored here, or left out by the filters; `parentListed` false, `parentStored` says whether its page exists). Its
 * follow-ups come with it, each after the one it follows, oldest first.
 */
export type RequestListGroup = RequestListRow & { parentStored: boolean; followUps: RequestFollowUp[] };

const pageSize = 50;

/** How deep follow-ups of follow-ups are followed (a retry of an expansion of an order is 2). */
const maxFollowUpDepth = 10;

type StatusMap = Record<string, { status?: string; cost?: number }>;
type DataStatus = { dataPoints?: StatusMap; documents?: StatusMap } | null;

function progress(status: DataStatus): { total: number; final: number } {
  const entries = [...Object.values(status?.dataPoints ?? {}), ...Object.values(status?.documents ?? {})];
  return { total: entries.length, final: entries.filter((e) => e.status !== "in_progress" && e.status !== "enriching").length };
}

/** The request a row follows, when a condition reads it beside the row. */
const parent = alias(companyRequests, "parent");

/** A request's case reference, as its snapshot's metadata carries it (kept in `filings`). */
const caseReferenceOf = (r: typeof companyRequests | typeof parent) => sql<string | null>`${r.filings}->>'caseReference'`;

/**
 * Whether request `r` is selected by the filters, each request on its own (who ordered, status, origin, company, case
 * reference, follow-ups, listings).
 */
function selected(filters: RequestFilters, r: typeof companyRequests | typeof parent): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.orderedBy) {
    conditions.push(inArray(r.orderedBy, db().select({ id: users.id }).from(users).where(eq(users.email, filters.orderedBy))));
  }
  if (filters.status) conditions.push(eq(r.complete, filters.status === "complete"));
  if (filters.origin) conditions.push(eq(r.origin, filters.origin));
  if (filters.company) conditions.push(or(containsText(r.companyName, filters.company), containsText(r.companyId, filters.company))!);
  if (filters.caseReference) conditions.push(containsText(caseReferenceOf(r), filters.caseReference));
  if (!filters.followUps) conditions.push(isNull(r.parentRequestId));
  if (filters.hideListings) conditions.push(or(isNull(r.purpose), ne(r.purpose, "document_listing"))!);
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * The list's rows: the selected requests that follow none, or whose request the filters leave out or this console
 * never stored (so no follow-up is lost; it shows as its own row, naming the request it follows).
 */
export function requestConditions(filters: RequestFilters): SQL | undefined {
  const listedParent = db()
    .select({ one: sql`1` })
    .from(parent)
    .where(and(eq(parent.requestId, companyRequests.parentRequestId), selected(filters, parent)));
  return and(selected(filters, companyRequests), or(isNull(companyRequests.parentRequestId), notExists(listedParent)));
}

/** The columns a list row is made of: only the statuses of the snapshot, which can be megabytes. */
export const requestListColumns = {
  request: {
    requestId: companyRequests.requestId,
    origin: companyRequests.origin,
    purpose: companyRequests.purpose,
    parentRequestId: companyRequests.parentRequestId,
    countryCode: companyRequests.countryCode,
    companyId: companyRequests.companyId,
    companyName: companyRequests.companyName,
    caseReference: caseReferenceOf(companyRequests),
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
    purpose: request.purpose,
    parentRequestId: request.parentRequestId,
    countryCode: request.countryCode,
    companyId: request.companyId,
    companyName: request.companyName,
    caseReference: request.caseReference || null,
    version: request.version,
    complete: request.complete,
    datapoints: progress(dataStatus as DataStatus),
    charged: requestCharge(dataStatus as DataStatus),
    orderedBy,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  };
}

/** The list's columns, and whether a row's parent request is stored here at all. */
const storedParent = alias(companyRequests, "p");
const groupColumns = {
  ...requestListColumns,
  parentStored: sql<boolean>`exists (select 1 from ${companyRequests} ${storedParent} where ${storedParent.requestId} = ${companyRequests.parentRequestId})`,
};

/** The list's rows `where` selects, newest first, with who ordered them. */
export const listedRequests = (where: SQL | undefined) =>
  db()
    .select(groupColumns)
    .from(companyRequests)
    .leftJoin(users, eq(users.id, companyRequests.orderedBy))
    .where(where)
    .orderBy(desc(companyRequests.createdAt), desc(companyRequests.requestId));

/**
 * `rows` with their selected follow-ups under them, and theirs under those, level by level: each follow-up right
 * after the request it follows, oldest first.
 */
export async function withFollowUps(
  rows: (ListedColumns & { parentStored: boolean })[],
  filters: RequestFilters,
): Promise<RequestListGroup[]> {
  const children = new Map<string, RequestListRow[]>();
  let level = rows.map((row) => row.request.requestId);
  const seen = new Set(level);
  for (let depth = 1; filters.followUps && level.length > 0 && depth <= maxFollowUpDepth; depth++) {
    const found = await db()
      .select(requestListColumns)
      .from(companyRequests)
      .leftJoin(users, eq(users.id, companyRequests.orderedBy))
      .where(and(inArray(companyRequests.parentRequestId, level), selected(filters, companyRequests)))
      .orderBy(asc(companyRequests.createdAt), asc(companyRequests.requestId));
    level = [];
    for (const row of found.map(toRequestListRow)) {
      if (seen.has(row.requestId)) continue;
      seen.add(row.requestId);
      level.push(row.requestId);
      children.set(row.parentRequestId!, [...(children.get(row.parentRequestId!) ?? []), row]);
    }
  }
  const under = (requestId: string, depth: number): RequestFollowUp[] =>
    (children.get(requestId) ?? []).flatMap((child) => [{ ...child, depth }, ...under(child.requestId, depth + 1)]);
  return rows.map(({ parentStored, ...row }) => {
    const listed = toRequestListRow(row);
    return { ...listed, parentStored, followUps: under(listed.requestId, 1) };
  });
}

/**
 * The list: its rows newest first, 50 a page, each with its follow-ups under it (shown unless the filters hide them).
 * `total` and `pages` count rows, not follow-ups.
 */
export async function listRequests(filters: RequestFilters & { page: number }) {
  const where = requestConditions(filters);
  const [rows, [total]] = await Promise.all([
    listedRequests(where)
      .limit(pageSize)
      .offset((filters.page - 1) * pageSize),
    db().select({ n: count() }).from(companyRequests).where(where),
  ]);
  return {
    rows: await withFollowUps(rows, filters),
    total: total?.n ?? 0,
    pages: Math.max(1, Math.ceil((total?.n ?? 0) / pageSize)),
  };
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
