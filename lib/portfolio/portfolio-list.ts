import "server-only";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { alerts, companyRequests, companyReviews, monitors, portfolioEntries, users } from "@/db/schema";
import type { reviewOutcomes, riskRatings } from "@/db/vocabulary";
import { containsText } from "@/db/contains-pattern";
import { capabilities } from "@/lib/auth/capabilities.shared";
import type { ReviewPolicy } from "@/lib/risk/review-policy.shared";
import { dueSoonDays } from "@/lib/reviews/review-dates.shared";
import { reviewPolicyInForce } from "@/lib/risk/review-policy-store";
import { encodeCursor, type PortfolioCursor, type PortfolioFilters } from "./portfolio-filters";

export const portfolioPageSize = 50;

type PortfolioScope = ReviewPolicy["portfolioScope"];

/** A row's sort key, read in SQL at full precision (a JavaScript Date would drop the microseconds and skip or repeat rows). */
type RowKey = Omit<PortfolioCursor, "direction">;

export type PortfolioRow = {
  connectionId: string;
  countryCode: string;
  companyId: string;
  companyName: string | null;
  customer: boolean;
  /** The rating in force (the pin when pinned); null until the company is first rated. */
  rating: (typeof riskRatings)[number] | null;
  score: number | null;
  topReasons: string[];
  incomplete: boolean;
  pinned: boolean;
  lastReview: { at: Date; by: string; outcome: (typeof reviewOutcomes)[number] } | null;
  nextReviewDue: Date | null;
  monitored: boolean;
  openAlerts: number;
  activeFlags: string[];
  caseReferences: string[];
  owner: { id: string; email: string; name: string } | null;
  /** This row's position, for the next or previous page's link. */
  position: string;
};

/** The tables under the names the statements give them: `e` is the portfolio entry (or the page of them, which keeps their columns' names). */
const [e, m] = [alias(portfolioEntries, "e"), alias(monitors, "m")];

/**
 * The list's sort key: the due date, a company never due last (`infinity`), then the company's key. The index
 * `portfolio_due_order` is on exactly this expression, so a page and each filter's first rows are read in order.
 */
const dueKey = sql`coalesce(${e.nextReviewDue}, 'infinity'::timestamptz)`;

/** A running monitor of the entry's company, through the entry's connection. */
const runningMonitor = sql`select 1 from ${monitors} ${m}
  where ${m.connectionId} = ${e.connectionId} and ${m.countryCode} = ${e.countryCode} and ${m.companyId} = ${e.companyId}
    and ${m.stoppedAt} is null and ${m.deactivatedAt} is null`;

/** The entries in the portfolio (by the policy's scope) that the filters select, as a condition on `e`. */
export function portfolioConditions(filters: PortfolioFilters, scope: PortfolioScope, now: Date): SQL {
  const conditions: SQL[] = [sql`true`];
  if (scope === "customers") conditions.push(sql`${e.customer}`);
  if (filters.rating === "unrated") conditions.push(sql`${e.rating} is null`);
  else if (filters.rating) conditions.push(sql`${e.rating} = ${filters.rating}`);
  const at = now.toISOString();
  if (filters.due === "overdue") conditions.push(sql`${dueKey} < ${at}::timestamptz`);
  if (filters.due === "soon")
    conditions.push(sql`${dueKey} >= ${at}::timestamptz and ${dueKey} < ${at}::timestamptz + make_interval(days => ${dueSoonDays})`);
  if (filters.country) conditions.push(sql`${e.countryCode} = ${filters.country}`);
  if (filters.owner === "none") conditions.push(sql`${e.ownerId} is null`);
  else if (filters.owner) conditions.push(sql`${e.ownerId} = ${filters.owner}::uuid`);
  if (filters.monitored === "yes") conditions.push(sql`exists (${runningMonitor})`);
  if (filters.monitored === "no") conditions.push(sql`not exists (${runningMonitor})`);
  if (filters.flag) conditions.push(sql`${e.activeFlags} @> array[${filters.flag}]::text[]`);
  if (filters.caseReference) {
    // One set of matching companies, read once (a hashed semi-join), rather than two lookups per entry.
    const part = filters.caseReference;
    const r = alias(companyRequests, "r");
    conditions.push(sql`(${e.connectionId}, ${e.countryCode}, ${e.companyId}) in (
      select ${r.connectionId}, ${r.countryCode}, ${r.companyId} from ${companyRequests} ${r}
      where ${containsText(sql`${r.filings}->>'caseReference'`, part)}
      union all
      select ${m.connectionId}, ${m.countryCode}, ${m.companyId} from ${monitors} ${m}
      where ${m.stoppedAt} is null and ${m.deactivatedAt} is null and ${containsText(m.caseReference, part)})`);
  }
  return sql.join(conditions, sql` and `);
}

/** Rows after (or before) the cursor's row, in the list's order. */
function cursorCondition(cursor: PortfolioCursor | undefined): SQL {
  if (!cursor) return sql`true`;
  const position = sql`(${dueKey}, ${e.countryCode}, ${e.companyId}, ${e.connectionId})`;
  const at = sql`(${cursor.due}::timestamptz, ${cursor.countryCode}::text, ${cursor.companyId}::text, ${cursor.connectionId}::uuid)`;
  return cursor.direction === "after" ? sql`${position} > ${at}` : sql`${position} < ${at}`;
}

type RawRow = {
  connection_id: string;
  country_code: string;
  company_id: string;
  company_name: string | null;
  customer: boolean;
  rating: PortfolioRow["rating"];
  score: number | null;
  top_reasons: string[];
  incomplete: boolean;
  pinned: boolean;
  next_review_due: Date | string | null;
  due_key: string;
  active_flags: string[];
  owner_id: string | null;
  owner_email: string | null;
  owner_name: string | null;
  reviewed_at: Date | string | null;
  reviewed_by_email: string | null;
  outcome: (typeof reviewOutcomes)[number] | null;
  monitored: boolean;
  open_alerts: number;
  case_references: string[] | null;
};

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function toRow(raw: RawRow): PortfolioRow {
  return {
    connectionId: raw.connection_id,
    countryCode: raw.country_code,
    companyId: raw.company_id,
    companyName: raw.company_name,
    customer: raw.customer,
    rating: raw.rating,
    score: raw.score,
    topReasons: raw.top_reasons ?? [],
    incomplete: raw.incomplete,
    pinned: raw.pinned,
    lastReview:
      raw.reviewed_at && raw.outcome ? { at: asDate(raw.reviewed_at), by: raw.reviewed_by_email ?? "", outcome: raw.outcome } : null,
    nextReviewDue: raw.next_review_due === null ? null : asDate(raw.next_review_due),
    monitored: raw.monitored,
    openAlerts: Number(raw.open_alerts),
    activeFlags: raw.active_flags ?? [],
    caseReferences: raw.case_references ?? [],
    owner: raw.owner_id && raw.owner_email ? { id: raw.owner_id, email: raw.owner_email, name: raw.owner_name ?? "" } : null,
    position: encodeCursor({ due: raw.due_key, countryCode: raw.country_code, companyId: raw.company_id, connectionId: raw.connection_id }),
  };
}

/**
 * `limit` entries that `where` selects, in the list's order (or backwards), each with what the list shows beside
 * the entry: its last review, its owner, whether a monitor runs, its open alerts and its case references. Those are
 * read for the page's rows only.
 */
async function readRows(where: SQL, limit: number, backwards: boolean): Promise<{ row: PortfolioRow; key: RowKey }[]> {
  const direction = backwards ? sql`desc` : sql`asc`;
  const [u, r, a, r2] = [alias(users, "u"), alias(companyReviews, "r"), alias(alerts, "a"), alias(companyRequests, "r2")];
  const { rows } = await db().execute<RawRow>(sql`
    with page as (
      select ${e.connectionId}, ${e.countryCode}, ${e.companyId}, ${e.companyName}, ${e.customer}, ${e.rating}, ${e.score}, ${e.topReasons},
        ${e.incomplete}, ${e.pinnedRating} is not null as pinned, ${e.nextReviewDue}, ${e.activeFlags}, ${e.ownerId}, ${e.lastReviewId},
        ${dueKey} as due_sort, ${dueKey}::text as due_key
      from ${portfolioEntries} ${e}
      where ${where}
      order by ${dueKey} ${direction}, ${e.countryCode} ${direction}, ${e.companyId} ${direction}, ${e.connectionId} ${direction}
      limit ${limit})
    select ${e}.*, ${u.email} as owner_email, ${u.name} as owner_name, ${r.reviewedAt}, ${r.reviewedByEmail}, ${r.outcome},
      exists (${runningMonitor}) as monitored,
      (select count(*)::int from ${alerts} ${a}
        where ${a.connectionId} = ${e.connectionId} and ${a.countryCode} = ${e.countryCode} and ${a.companyId} = ${e.companyId}
          and ${a.state} <> 'resolved' and not ${a.isTest}) as open_alerts,
      array(select ref from (
          select ${r2.filings}->>'caseReference' as ref from ${companyRequests} ${r2}
          where ${r2.connectionId} = ${e.connectionId} and ${r2.countryCode} = ${e.countryCode} and ${r2.companyId} = ${e.companyId}
          union
          select ${m.caseReference} from ${monitors} ${m}
          where ${m.connectionId} = ${e.connectionId} and ${m.countryCode} = ${e.countryCode} and ${m.companyId} = ${e.companyId}
            and ${m.stoppedAt} is null and ${m.deactivatedAt} is null) refs
        where ref is not null and ref <> '' order by ref) as case_references
    from page ${e}
    left join ${users} ${u} on ${u.id} = ${e.ownerId}
    left join ${companyReviews} ${r} on ${r.id} = ${e.lastReviewId}
    order by ${e}.due_sort ${direction}, ${e.countryCode} ${direction}, ${e.companyId} ${direction}, ${e.connectionId} ${direction}`);
  const mapped = rows.map((raw) => ({
    row: toRow(raw),
    key: { due: raw.due_key, countryCode: raw.country_code, companyId: raw.company_id, connectionId: raw.connection_id },
  }));
  return backwards ? mapped.reverse() : mapped;
}

export type PortfolioPage = {
  rows: PortfolioRow[];
  /** How many entries the filters select, on every page. */
  total: number;
  /** The positions for the next and previous pages' links; undefined at either end. */
  next?: string;
  previous?: string;
};

/**
 * One page of the portfolio: the entries in scope that the filters select, soonest due first (never due last),
 * `portfolioPageSize` a page, keyset paged from `cursor`. With no cursor, the first page.
 */
export async function listPortfolio(
  filters: PortfolioFilters,
  options: { cursor?: PortfolioCursor; now?: Date; limit?: number; scope?: PortfolioScope } = {},
): Promise<PortfolioPage> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? portfolioPageSize;
  const scope = options.scope ?? (await reviewPolicyInForce()).portfolioScope;
  const selected = portfolioConditions(filters, scope, now);
  const { cursor } = options;
  const backwards = cursor?.direction === "before";
  const [read, [counted]] = await Promise.all([
    readRows(sql`${selected} and ${cursorCondition(cursor)}`, limit + 1, backwards),
    db()
      .execute<{ n: number }>(sql`select count(*)::int as n from ${portfolioEntries} ${e} where ${selected}`)
      .then((result) => result.rows),
  ]);
  const more = read.length > limit;
  // Read one more than shown: whether there is a page beyond, in the direction read.
  const rows = (backwards ? read.slice(more ? 1 : 0) : read.slice(0, limit)).map(({ row }) => row);
  const hasNext = backwards ? true : more;
  const hasPrevious = backwards ? more : cursor !== undefined;
  return {
    rows,
    total: counted?.n ?? 0,
    next: hasNext && rows.length > 0 ? rows.at(-1)!.position : undefined,
    previous: hasPrevious && rows.length > 0 ? rows[0]!.position : undefined,
  };
}

/**
 * Every entry the filters select, in the list's order, `batchSize` a query (the CSV export): keyset paged, each
 * query starting after the previous batch's last row.
 */
export async function* portfolioBatches(filters: PortfolioFilters, batchSize = 500, now = new Date()): AsyncGenerator<PortfolioRow[]> {
  const { portfolioScope } = await reviewPolicyInForce();
  const selected = portfolioConditions(filters, portfolioScope, now);
  let cursor: PortfolioCursor | undefined;
  for (;;) {
    const read = await readRows(sql`${selected} and ${cursorCondition(cursor)}`, batchSize, false);
    yield read.map(({ row }) => row);
    if (read.length < batchSize) return;
    cursor = { direction: "after", ...read.at(-1)!.key };
  }
}

/** The users a company may be given as owner, and who can be picked in the filter: active users who review companies. */
export async function portfolioOwners(): Promise<{ id: string; email: string; name: string }[]> {
  const roles = capabilities.reviewCompanies.roles;
  return db()
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.active, true), inArray(users.role, roles)))
    .orderBy(users.email);
}
