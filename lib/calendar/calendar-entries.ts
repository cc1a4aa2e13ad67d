import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db } from "@/db/client";
import { containsText } from "@/db/contains-pattern";
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

/** A first order, or a request made elsewhere (no purpose): the requests whose case references are the company's. */
const firstOrder = sql`(r.purpose is null or r.purpose in ('order', 'onboarding'))`;
const running = sql`m.stopped_at is null and m.deactivated_at is null`;

/**
 * Each company's current deadlines (`filing_deadlines`, written with its company file): a company seen through two
 * connections shows the file with the newer filings (each file with filings has a row of each kind, scheduled or not).
 */
const current = sql`
  select d.*, c.name as connection_name
  from filing_deadlines d join registry_connections c on c.id = d.connection_id
  where d.scheduled and not exists (
    select 1 from filing_deadlines e
    where e.country_code = d.country_code and e.company_id = d.company_id and e.kind = d.kind and e.connection_id <> d.connection_id
      and (coalesce(e.as_of, ''), e.connection_id::text) > (coalesce(d.as_of, ''), d.connection_id::text))`;

/** The filter as a condition on `d` (a row of `current`); `true` without filters. */
function matching(filter: CalendarFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.country) conditions.push(sql`d.country_code = ${filter.country}`);
  if (filter.company)
    conditions.push(
      sql`(${containsText(sql`coalesce(d.company_name, '')`, filter.company)} or ${containsText(sql`d.company_id`, filter.company)})`,
    );
  if (filter.caseReference) {
    const part = filter.caseReference;
    conditions.push(sql`(${containsText(sql`coalesce(d.case_reference, '')`, part)} or (d.country_code, d.company_id) in (
      select r.country_code, r.company_id from company_requests r
      where ${firstOrder} and r.filings is not null and ${containsText(sql`r.filings->>'caseReference'`, part)}
      union
      select m.country_code, m.company_id from monitors m where ${running} and ${containsText(sql`coalesce(m.case_reference, '')`, part)}))`);
  }
  return sql.join(conditions, sql` and `);
}

const overdueOn = (today: string) => sql`(d.flagged or d.register_overdue or d.due_date < ${today}::date)`;

/** Overdue first (oldest due date first, undated last among them), then the rest by due date; ties by company. */
const calendarOrder = (today: string) =>
  sql`${overdueOn(today)} desc, d.due_date nulls last, coalesce(d.company_name, d.company_id), d.kind`;

type Companies = { countryCode: string; companyId: string }[] | "all";

/** The case references of the companies' first orders and running monitors, and which of them are monitored. */
async function around(companies: Companies): Promise<{ references: CompanyReference[]; monitored: CompanyReference[] }> {
  if (companies !== "all" && companies.length === 0) return { references: [], monitored: [] };
  const keys = JSON.stringify(companies === "all" ? [] : companies.map((c) => ({ country_code: c.countryCode, company_id: c.companyId })));
  const of = (alias: SQL) =>
    companies === "all"
      ? sql`true`
      : sql`(${alias}.country_code, ${alias}.company_id) in (select k.country_code, k.company_id from jsonb_to_recordset(${keys}::jsonb) as k(country_code text, company_id text))`;
  const [references, monitored] = await Promise.all([
    db().execute<{ country_code: string; company_id: string; case_reference: string }>(sql`
      select distinct r.country_code, r.company_id, r.filings->>'caseReference' as case_reference
      from company_requests r
      where ${of(sql`r`)} and ${firstOrder} and r.filings->>'caseReference' is not null`),
    db().execute<{ country_code: string; company_id: string; case_reference: string | null }>(sql`
      select m.country_code, m.company_id, m.case_reference from monitors m where ${of(sql`m`)} and ${running}`),
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
    select * from (${current}) d where ${matching(filter)} order by ${calendarOrder(today)}`);
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
  const order = sql`d.overdue desc, d.due_date nulls last, coalesce(d.company_name, d.company_id), d.kind`;
  const upcoming = options.upcomingUntil ? sql`not d.overdue and d.due_date <= ${options.upcomingUntil}::date` : sql`not d.overdue`;
  const monthStart = options.month ? `${options.month}-01` : undefined;
  const rowsOf = (where: SQL, cut: SQL) =>
    sql`(select coalesce(json_agg(x), '[]') from (select * from cur d where d.matches and ${where} order by ${order} ${cut}) x)`;
  const offers =
    options.referencesMax === undefined
      ? sql`null::json as countries, null::json as case_references`
      : sql`(select json_agg(distinct country_code order by country_code) from cur) as countries,
        (select json_agg(reference) from (
          select distinct reference from (
            select case_reference as reference from cur
            union all
            select r.filings->>'caseReference' from company_requests r
            where ${firstOrder} and (r.country_code, r.company_id) in (select country_code, company_id from cur)
            union all
            select m.case_reference from monitors m
            where ${running} and (m.country_code, m.company_id) in (select country_code, company_id from cur)
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
      select d.*, ${overdueOn(today)} as overdue, ${matching(filter)} as matches from (${current}) d)
    select (select count(*) from cur)::int as total,
           (select count(*) from cur d where d.matches and d.overdue)::int as overdue,
           (select count(*) from cur d where d.matches and ${upcoming})::int as upcoming,
           ${rowsOf(sql`d.overdue`, limit)} as overdue_rows,
           ${
             monthStart
               ? rowsOf(sql`d.due_date >= ${monthStart}::date and d.due_date < ${monthStart}::date + interval '1 month'`, sql``)
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
