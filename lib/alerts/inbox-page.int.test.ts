import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { insertUser } from "@/test/users-fixture";
import { parseInboxSearch, type InboxSearch } from "./inbox-filter";
import { inboxPage, inboxTotal } from "./inbox-page";

let viewer = "";
let other = "";

/** Every page of the inbox for `search`, following the cursors, `size` alerts a page (at most 100 pages). */
async function everyPage(search: InboxSearch, size: number): Promise<number[][]> {
  const pages: number[][] = [];
  let after: number | undefined;
  for (let i = 0; i < 100; i++) {
    const page = await inboxPage({ ...search, after }, viewer, size);
    pages.push(page.rows.map((r) => r.id));
    if (page.next === undefined) return pages;
    after = page.next;
  }
  throw new Error("more than 100 pages");
}

const ids = (rows: { id: string }[]) => rows.map((r) => Number(r.id));

describe("the inbox's pages", () => {
  beforeAll(async () => {
    viewer = (await insertUser("viewer@example.com", "compliance")).id;
    other = (await insertUser("other@example.com", "compliance")).id;
    // 137 alerts whose notification times and due dates collide in groups of 5, so the id must break ties;
    // states, assignees, tests, countries and categories vary with the id.
    await db().execute(sql`
      insert into alerts (monitor_id, country_code, company_id, company_name, state, categories, is_test, assignee_id, due_at, last_notified_at)
      select 'mon_' || i, case when i % 4 = 0 then 'FR' else 'DE' end, 'C' || i, 'Company ' || i,
        (array['new', 'in_review', 'resolved'])[i % 3 + 1], case when i % 2 = 0 then '["address"]' else '["ownership", "status"]' end::jsonb,
        i % 10 = 0, case i % 3 when 0 then ${viewer}::uuid when 1 then ${other}::uuid end,
        timestamptz '2026-12-01' + (i / 5) * interval '1 hour', timestamptz '2026-11-01' + (i / 5) * interval '1 minute'
      from generate_series(1, 137) i`);
    // Received between: alert 7's notification on 3 November, alert 8's on 5 November.
    await db().execute(sql`
      insert into monitor_notifications (alert_id, message_id, monitor_id, company_id, country_code, change_categories, monitor_has_been_deactivated, notified_at, received_at)
      select a.id, 'msg_' || a.id, a.monitor_id, a.company_id, a.country_code, a.categories, false, '', r
      from alerts a join (values ('mon_7', timestamptz '2026-11-03T23:59:00Z'), ('mon_8', timestamptz '2026-11-05T00:00:00Z')) v (m, r) on v.m = a.monitor_id`);
  });

  it("returns every alert once across pages, newest notification first, ties broken by id", async () => {
    const expected = ids((await db().execute<{ id: string }>(sql`select id from alerts order by last_notified_at desc, id desc`)).rows);
    const pages = await everyPage({ state: "any" }, 10);
    expect(pages).toHaveLength(14);
    expect(pages.slice(0, -1).every((p) => p.length === 10)).toBe(true);
    expect(pages.flat()).toEqual(expected);
    expect(await inboxTotal({ state: "any", after: pages[0]!.at(-1) }, viewer)).toBe(137);
  });

  it("pages by due date, soonest first, with a filter, every matching alert once", async () => {
    const expected = ids(
      (
        await db().execute<{ id: string }>(
          sql`select id from alerts where state in ('new', 'in_review') and assignee_id = ${viewer} order by due_at, id`,
        )
      ).rows,
    );
    expect(expected.length).toBeGreaterThan(10);
    const pages = await everyPage(parseInboxSearch({ assignee: "mine", sort: "due" }), 7);
    expect(pages.flat()).toEqual(expected);
  });

  it("applies each filter", async () => {
    const all = async (params: Record<string, string>) => (await everyPage(parseInboxSearch(params), 50)).flat().sort((a, b) => a - b);
    const where = async (condition: ReturnType<typeof sql>) =>
      ids((await db().execute<{ id: string }>(sql`select id from alerts where ${condition} order by id`)).rows);

    expect(await all({})).toEqual(await where(sql`state <> 'resolved'`));
    expect(await all({ state: "resolved" })).toEqual(await where(sql`state = 'resolved'`));
    expect(await all({ state: "any", assignee: "unassigned" })).toEqual(await where(sql`assignee_id is null`));
    expect(await all({ state: "new", assignee: other })).toEqual(await where(sql`state = 'new' and assignee_id = ${other}`));
    expect(await all({ state: "any", category: "status" })).toEqual(await where(sql`categories ? 'status'`));
    expect(await all({ state: "any", country: "fr" })).toEqual(await where(sql`country_code = 'FR'`));
    expect(await all({ state: "any", kind: "test" })).toEqual(await where(sql`is_test`));
    expect(await all({ state: "any", kind: "real" })).toEqual(await where(sql`not is_test`));
    expect(await all({ state: "any", monitor: "mon_12" })).toEqual(await where(sql`monitor_id = 'mon_12'`));
    expect(await all({ state: "any", company: "c13" })).toEqual(await where(sql`company_id like 'C13%'`));
    expect(await all({ state: "any", company: "company 13" })).toEqual(await where(sql`company_name ilike '%company 13%'`));
    expect(await all({ state: "any", company: "%" })).toEqual([]);
    expect(await all({ state: "any", from: "2026-11-03", to: "2026-11-04" })).toEqual(await where(sql`monitor_id = 'mon_7'`));
    expect(await all({ state: "any", from: "2026-11-04" })).toEqual(await where(sql`monitor_id = 'mon_8'`));
    expect(await all({ state: "any", to: "2026-11-04" })).toEqual(await where(sql`monitor_id = 'mon_7'`));
  });
});
