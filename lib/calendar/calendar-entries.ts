import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { alias, type PgColumn } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { containsText } from "@/db/contains-pattern";
import { companyRequests, filingDeadlines, monitors, registryConnections } from "@/db/schema";
import type { FilingKind } from "./filing-deadlines";
import { filingEntries, utcDay, type CompanyReference, type DossierFilings, type FilingEntry } from "./filing-entries";

/** The calendar's filters: the country, part of the company's name or id, part of one of its case references (any case). */
export type CalendarFilter = { country?: string; company?: string; caseReference?: string };

type DeadlineRow = {
  connection_id: string;
  connection_name: string;
  country_code: string;
  company_id: string;
  kind: FilingKind;
  company_name: string | null;
  due_date: string | null;
  period_end: string | null;
  register_overdue: boolean;
  flagged: boolean;
  case_reference: string | null;
  request_id: string;
  as_of: string | null;
};

/**
 * The tables under the names the statements give them: d a deadline (a row of `current`, which has its columns), e
 * another one, c its connection, r a stored request, m a monitor.
 */
const [d, e, c] = [alias(filingDeadlines, "d"), alias(filingDeadlines, "e"), alias(registryConnections, "c")];
const [r, m] = [alias(companyRequests, "r"), alias(monitors, "m")];

/** A first order, or a request made elsewhere (no purpose): the requests whose case references are the company's. */
const firstOrder = sql`(${r.purpose} is null or ${r.purpose} in ('order', 'onboarding'))`;
const running = sql`${m.stoppedAt} is null and ${m.deactivatedAt} is null`;

/**
 * Each company's current deadlines (`filing_deadlines`, written with its company file): a company seen through two
 * connections shows the file with the newer filings (each file with filings has a row of each kind, scheduled or not).
 */
const current = sql`
  select ${d}.*, ${c.name} as connection_name
  from ${filingDeadlines} ${d} join ${registryConnections} ${c} on ${c.id} = ${d.connectionId}
  where ${d.scheduled} and not exists (
    select 1 from ${filingDeadlines} ${e}
    where ${e.countryCode} = ${d.countryCode} and ${e.companyId} = ${d.companyId} and ${e.kind} = ${d.kind} and ${e.connectionId} <> ${d.connectionId}
      and (coalesce(${e.asOf}, ''), ${e.connectionId}::text) > (coalesce(${d.asOf}, ''), ${d.connectionId}::text))`;

/** The filter as a condition on `d` (a row of `current`); `true` without filters. */
function matching(filter: CalendarFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.country) conditions.push(sql`${d.countryCode} = ${filter.country}`);
  if (filter.company)
    conditions.push(
      sql`(${containsText(sql`coalesce(${d.companyName}, '')`, filter.company)} or ${containsText(d.companyId, filter.company)})`,
    );
  if (filter.caseReference) {
    const part = filter.caseReference;
    conditions.push(sql`(${containsText(sql`coalesce(${d.caseReference}, '')`, part)} or (${d.countryCode}, ${d.companyId}) in (
      select ${r.countryCode}, ${r.companyId} from ${companyRequests} ${r}
      where ${firstOrder} and ${r.filings} is not null and ${containsText(sql`${r.filings}->>'caseReference'`, part)}
      union
      select ${m.countryCode}, ${m.companyId} from ${monitors} ${m}
      where ${running} and ${containsText(sql`coalesce(${m.caseReference}, '')`, part)}))`);
  }
  return sql.join(conditions, sql` and `);
}

const overdueOn = (today: string) => sql`(${d.flagged} or ${d.registerOverdue} or ${d.dueDate} < ${today}::date)`;

/** Overdue first (oldest due date first, undated last among them), then the rest by due date; ties by company. */
const calendarOrder = (today: string) =>
  sql`${overdueOn(today)} desc, ${d.dueDate} nulls last, coalesce(${d.companyName}, ${d.companyId}), ${d.kind}`;

type Companies = { countryCode: string; companyId: string }[] | "all";

/** The case references of the companies' first orders and running monitors, and which of them are monitored. */
async function around(companies: Companies): Promise<{ references: CompanyReference[]; monitored: CompanyReference[] }> {
  if (companies !== "all" && companies.length === 0) return { references: [], monitored: [] };
  const keys = JSON.stringify(companies === "all" ? [] : companies.map((c) => ({ country_code: c.countryCode, company_id: c.companyId })));
  // k: the companies, one record each.
  const of = (countryCode: PgColumn, companyId: PgColumn) =>
    companies === "all"
      ? sql`true`
      : sql`(${countryCode}, ${companyId}) in (select k.country_code, k.company_id from jsonb_to_recordset(${keys}::jsonb) as k(country_code text, company_id text))`;
  const [references, monitored] = await Promise.all([
    db().execute<{ country_code: string; company_id: string; case_reference: string }>(sql`
      select distinct ${r.countryCode}, ${r.companyId}, ${r.filings}->>'caseReference' as case_reference
      from ${companyRequests} ${r}
      where ${of(r.countryCode, r.companyId)} and ${firstOrder} and ${r.filings}->>'caseReference' is not null`),
    db().execute<{ country_code: string; company_id: string; case_reference: string | null }>(sql`
      select ${m.countryCode}, ${m.companyId}, ${m.caseReference} from ${monitors} ${m} where ${of(m.countryCode, m.companyId)} and ${running}`),
  ]);
  const asReference = (row: { country_code: string; company_id: string; case_reference: string | null }) => ({
    countryCode: row.country_code,
    companyId: row.company_id,
    caseReference: row.case_reference,
  });
  return { references: references.rows.map(asReference), monitored: monitored.rows.map(asReference) };
}

/** The rows as the calendar's entries, with their case references and monitored marks; in the rows' order. */
async function entriesOf(rows: DeadlineRow[], now: Date, companies: Companies): Promise<FilingEntry[]> {
  const files = new Map<string, DossierFilings>();
  for (const row of rows) {
    const key = `${row.connection_id}:${row.country_code}:${row.company_id}`;
    const file = files.get(key) ?? {
      requestId: row.request_id,
      snapshotAt: new Date(row.as_of ?? 0),
      connection: { id: row.connection_id, name: row.connection_name },
      countryCode: row.country_code,
      companyId: row.company_id,
      companyName: row.company_name,
      caseReference: row.case_reference,
      deadlines: [],
    };
    file.deadlines.push({
      kind: row.kind,
      dueDate: row.due_date,
      periodEnd: row.period_end,
      registerOverdue: row.register_overdue,
      flagged: row.flagged,
    });
    files.set(key, file);
  }
  const { references, monitored } = await around(companies);
  const entries = new Map(filingEntries([...files.values()], monitored, now, references).map((entry) => [entry.key, entry]));
  return rows.map((row) => entries.get(`${row.country_code}:${row.company_id}:${row.kind}`)!);
}

const companiesOf = (rows: DeadlineRow[]) => rows.map((row) => ({ countryCode: row.country_code, companyId: row.company_id }));

/**
 * Every filing deadline the console knows of that matches the filter, overdue first: from each company's file, whose
 * filings come from the newest snapshot that holds them, whatever request came after (a graph expansion, a document
 * listing); with the case references of all its first orders and running monitors. For the .ics export and feed and
 * the home page; the calendar page reads one page of them (calendarPage).
 */
export async function calendarEntries(now = new Date(), filter: CalendarFilter = {}): Promise<FilingEntry[]> {
  const today = utcDay(now);
  const { rows } = await db().execute<DeadlineRow>(sql`
    select * from (${current}) ${d} where ${matching(filter)} order by ${calendarOrder(today)}`);
  return entriesOf(rows, now, "all");
}

/** A table of the agenda: its first rows and how many match. */
export type CalendarSlice = { entries: FilingEntry[]; count: number };

export type CalendarPage = {
  /** Every current deadline, whatever the filter. */
  total: number;
  overdue: CalendarSlice;
  /** Not overdue; in the month view, only those due in the month (`count` still counts them all). */
  upcoming: CalendarSlice;
  /**
   * The countries with a deadline, and the case references of the companies with one (at most `referencesMax` + 1);
   * empty unless `referencesMax` is given (the filters' choices).
   */
  countries: string[];
  caseReferences: string[];
};

/**
 * One page of the calendar, filtered, counted and cut in one SQL statement: the first `limit` overdue and upcoming
 * deadlines (or, with `month`, every deadline due in that month besides the overdue ones; with `upcomingUntil`,
 * YYYY-MM-DD, only those due by then), how many match, and, given `referencesMax`, what the filters offer.
 */
export async function calendarPage(
  filter: CalendarFilter,
  options: { now: Date; limit?: number; month?: string; upcomingUntil?: string; referencesMax?: number },
): Promise<CalendarPage> {
  const today = utcDay(options.now);
  const limit = options.limit === undefined ? sql`` : sql`limit ${options.limit}`;
  // d.overdue and d.matches: the columns cur adds to a deadline.
  const order = sql`d.overdue desc, ${d.dueDate} nulls last, coalesce(${d.companyName}, ${d.companyId}), ${d.kind}`;
  const upcoming = options.upcomingUntil ? sql`not d.overdue and ${d.dueDate} <= ${options.upcomingUntil}::date` : sql`not d.overdue`;
  const monthStart = options.month ? `${options.month}-01` : undefined;
  const rowsOf = (where: SQL, cut: SQL) =>
    sql`(select coalesce(json_agg(x), '[]') from (select * from cur ${d} where d.matches and ${where} order by ${order} ${cut}) x)`;
  const offers =
    options.referencesMax === undefined
      ? sql`null::json as countries, null::json as case_references`
      : sql`(select json_agg(distinct ${d.countryCode} order by ${d.countryCode}) from cur ${d}) as countries,
        (select json_agg(reference) from (
          select distinct reference from (
            select ${d.caseReference} as reference from cur ${d}
            union all
            select ${r.filings}->>'caseReference' from ${companyRequests} ${r}
            where ${firstOrder} and (${r.countryCode}, ${r.companyId}) in (select ${d.countryCode}, ${d.companyId} from cur ${d})
            union all
            select ${m.caseReference} from ${monitors} ${m}
            where ${running} and (${m.countryCode}, ${m.companyId}) in (select ${d.countryCode}, ${d.companyId} from cur ${d})
          ) x where reference is not null order by 1 limit ${options.referencesMax + 1}) y) as case_references`;
  const { rows } = await db().execute<{
    total: number;
    overdue: number;
    upcoming: number;
    overdue_rows: DeadlineRow[];
    upcoming_rows: DeadlineRow[];
    countries: string[] | null;
    case_references: string[] | null;
  }>(sql`
    with cur as materialized (
      select ${d}.*, ${overdueOn(today)} as overdue, ${matching(filter)} as matches from (${current}) ${d})
    select (select count(*) from cur)::int as total,
           (select count(*) from cur ${d} where d.matches and d.overdue)::int as overdue,
           (select count(*) from cur ${d} where d.matches and ${upcoming})::int as upcoming,
           ${rowsOf(sql`d.overdue`, limit)} as overdue_rows,
           ${
             monthStart
               ? rowsOf(sql`${d.dueDate} >= ${monthStart}::date and ${d.dueDate} < ${monthStart}::date + interval '1 month'`, sql``)
               : rowsOf(upcoming, limit)
           } as upcoming_rows,
           ${offers}`);
  const page = rows[0]!;
  const shown = [...page.overdue_rows, ...page.upcoming_rows];
  const entries = await entriesOf(shown, options.now, companiesOf(shown));
  return {
    total: page.total,
    overdue: { entries: entries.slice(0, page.overdue_rows.length), count: page.overdue },
    upcoming: { entries: entries.slice(page.overdue_rows.length), count: page.upcoming },
    countries: page.countries ?? [],
    caseReferences: page.case_references ?? [],
  };
}
