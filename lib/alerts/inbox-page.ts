import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db } from "@/db/client";
import { containsText } from "@/db/contains-pattern";
import type { InboxSearch } from "./inbox-filter";
import type { AlertOutcome, AlertState } from "./labels.shared";

export const inboxPageSize = 50;

export type InboxRow = {
  id: number;
  state: AlertState;
  categories: string[];
  isTest: boolean;
  deactivation: boolean;
  countryCode: string;
  companyId: string;
  companyName: string | null;
  monitorId: string;
  notificationCount: number;
  assignee: { id: string; email: string; name: string } | null;
  dueAt: Date;
  lastNotifiedAt: Date;
  outcome: AlertOutcome | null;
};

export type InboxPage = {
  rows: InboxRow[];
  /** The cursor of the next page (the id of this page's last alert), when there is one. */
  next?: number;
};

type RawRow = {
  id: string;
  state: AlertState;
  categories: string[];
  is_test: boolean;
  deactivation: boolean;
  country_code: string;
  company_id: string;
  company_name: string | null;
  monitor_id: string;
  notification_count: number;
  assignee_id: string | null;
  assignee_email: string | null;
  assignee_name: string | null;
  due_at: string;
  last_notified_at: string;
  outcome: AlertOutcome | null;
};

const states: Record<NonNullable<InboxSearch["state"]>, SQL | undefined> = {
  open: sql`a.state in ('new', 'in_review')`,
  new: sql`a.state = 'new'`,
  in_review: sql`a.state = 'in_review'`,
  resolved: sql`a.state = 'resolved'`,
  any: undefined,
};

/** The filters of `search` as conditions on `alerts a`; `viewerId` is who "mine" means. */
function conditions(search: InboxSearch, viewerId: string): SQL[] {
  const where: (SQL | undefined)[] = [states[search.state ?? "open"]];
  if (search.assignee === "mine") where.push(sql`a.assignee_id = ${viewerId}`);
  else if (search.assignee === "unassigned") where.push(sql`a.assignee_id is null`);
  else if (search.assignee) where.push(sql`a.assignee_id = ${search.assignee}`);
  if (search.category) where.push(sql`a.categories @> ${JSON.stringify([search.category])}::jsonb`);
  if (search.country) where.push(sql`a.country_code = ${search.country}`);
  if (search.company) {
    where.push(sql`(${containsText(sql`a.company_id`, search.company)} or ${containsText(sql`a.company_name`, search.company)})`);
  }
  if (search.monitor) where.push(sql`a.monitor_id = ${search.monitor}`);
  if (search.kind) where.push(sql`a.is_test = ${search.kind === "test"}`);
  // "Received between": the alert got a notification in those days (UTC, both included).
  if (search.from || search.to) {
    const from = search.from ? sql`and n.received_at >= ${search.from}::date` : sql``;
    const to = search.to ? sql`and n.received_at < ${search.to}::date + 1` : sql``;
    where.push(sql`exists (select 1 from monitor_notifications n where n.alert_id = a.id ${from} ${to})`);
  }
  return where.filter((c): c is SQL => c !== undefined);
}

const selectRows = sql`
  select a.id, a.state, a.categories, a.is_test, a.deactivation, a.country_code, a.company_id, a.company_name, a.monitor_id,
    a.notification_count, a.assignee_id, u.email as assignee_email, u.name as assignee_name, a.due_at, a.last_notified_at, a.outcome
  from alerts a left join users u on u.id = a.assignee_id`;

/**
 * One page of the inbox, keyset-paged: newest notification first on (last_notified_at desc, id desc), or
 * soonest due first on (due_at, id), each served by its index (alerts_inbox, alerts_assignee_inbox, alerts_due).
 * The cursor is the previous page's last alert; its position is read in SQL at full precision. A cursor alert
 * that no longer matches still marks the place (its values are read whatever its state).
 */
export async function inboxPage(search: InboxSearch, viewerId: string, pageSize = inboxPageSize): Promise<InboxPage> {
  const where = conditions(search, viewerId);
  const byDue = search.sort === "due";
  const position = byDue ? sql`(a.due_at, a.id)` : sql`(a.last_notified_at, a.id)`;
  const order = byDue ? sql`a.due_at, a.id` : sql`a.last_notified_at desc, a.id desc`;
  if (search.after !== undefined) {
    const cursor = byDue
      ? sql`(select c.due_at, c.id from alerts c where c.id = ${search.after})`
      : sql`(select c.last_notified_at, c.id from alerts c where c.id = ${search.after})`;
    where.push(byDue ? sql`${position} > ${cursor}` : sql`${position} < ${cursor}`);
  }
  const result = await db().execute<RawRow>(sql`
    ${selectRows}
    ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    order by ${order}
    limit ${pageSize + 1}`);
  const rows = result.rows.slice(0, pageSize).map(toInboxRow);
  return { rows, ...(result.rows.length > pageSize && { next: rows.at(-1)!.id }) };
}

/** The inbox rows of these alerts as they are now (a triage action's answer), in no particular order. */
export async function inboxRowsById(alertIds: readonly number[]): Promise<InboxRow[]> {
  if (alertIds.length === 0) return [];
  const result = await db().execute<RawRow>(sql`
    ${selectRows}
    where a.id = any(${`{${alertIds.join(",")}}`}::bigint[])`);
  return result.rows.map(toInboxRow);
}

/** How many alerts match the filters of `search` (all pages). */
export async function inboxTotal(search: InboxSearch, viewerId: string): Promise<number> {
  const where = conditions({ ...search, after: undefined }, viewerId);
  const result = await db().execute<{ n: number }>(sql`
    select count(*)::int as n from alerts a ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}`);
  return result.rows[0]?.n ?? 0;
}

function toInboxRow(row: RawRow): InboxRow {
  return {
    id: Number(row.id),
    state: row.state,
    categories: row.categories,
    isTest: row.is_test,
    deactivation: row.deactivation,
    countryCode: row.country_code,
    companyId: row.company_id,
    companyName: row.company_name,
    monitorId: row.monitor_id,
    notificationCount: row.notification_count,
    assignee: row.assignee_id ? { id: row.assignee_id, email: row.assignee_email ?? "", name: row.assignee_name ?? "" } : null,
    dueAt: new Date(row.due_at),
    lastNotifiedAt: new Date(row.last_notified_at),
    outcome: row.outcome,
  };
}
