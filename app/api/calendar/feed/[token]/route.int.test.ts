import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, calendarFeeds, users } from "@/db/schema";
import { createCalendarFeed, revokeCalendarFeed } from "@/lib/calendar/calendar-feeds";
import { parseIcs } from "@/test/ics-text";
import { insertUser } from "@/test/users-fixture";
import { deliverCompany } from "@/test/delivered-company";
import { GET } from "./route";

const fetchFeed = (token: string) =>
  GET(new NextRequest(`http://127.0.0.1/api/calendar/feed/${token}`), { params: Promise.resolve({ token }) });

const company = {
  requestId: "req_feed",
  countryCode: "GB",
  companyId: "01234567",
  caseReference: "FEED-CASE-1",
  fields: {
    legalName: "Feed Test Ltd",
    statutoryFilings: { accounts: { next: { year: 2099, periodEnd: "2098-12-31", dueDate: "2099-09-27", overdue: false } } },
  },
};

describe("GET /api/calendar/feed/[token]", () => {
  beforeAll(async () => {
    await deliverCompany(company);
  });

  it("answers a valid token with the calendar, its entry included, and stores only the token's SHA-256", async () => {
    const user = await insertUser(`feed-${crypto.randomUUID()}@example.com`, "compliance");
    const { feedId, token } = await createCalendarFeed(user);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const response = await fetchFeed(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toContain("no-store");
    const { events } = parseIcs(await response.text());
    expect(events.map((e) => [e.SUMMARY!.value, e.DTSTART!.value])).toEqual([["Annual accounts: Feed Test Ltd (GB 01234567)", "20990927"]]);
    expect(events[0]!.DESCRIPTION!.value).toContain("Case references: FEED-CASE-1");

    const [stored] = await db().select().from(calendarFeeds).where(eq(calendarFeeds.id, feedId));
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    const audits = await db().select().from(auditLog).where(eq(auditLog.target, feedId));
    expect(audits.map((a) => a.action)).toEqual(["calendar.feed_created"]);
    expect(JSON.stringify(audits)).not.toContain(token);
  });

  it("answers 401 to a wrong token, a malformed one, and one differing by a character", async () => {
    const user = await insertUser(`feed-${crypto.randomUUID()}@example.com`, "auditor");
    const { token } = await createCalendarFeed(user);
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const wrong of [flipped, "not-a-token", "", "A".repeat(43)]) {
      const response = await fetchFeed(wrong);
      expect(response.status).toBe(401);
      expect(await response.text()).not.toContain("BEGIN:VCALENDAR");
    }
  });

  it("answers 401 once the feed is revoked, and after a new feed replaces it (the new one answers)", async () => {
    const user = await insertUser(`feed-${crypto.randomUUID()}@example.com`, "admin");
    const first = await createCalendarFeed(user);
    const second = await createCalendarFeed(user);
    expect((await fetchFeed(first.token)).status).toBe(401);
    expect((await fetchFeed(second.token)).status).toBe(200);

    expect(await revokeCalendarFeed(user, second.feedId)).toBe(true);
    expect((await fetchFeed(second.token)).status).toBe(401);
    expect(await revokeCalendarFeed(user, second.feedId)).toBe(false);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.actorId, user.id)).orderBy(auditLog.id)).map((a) => a.action);
    expect(actions).toEqual(["calendar.feed_created", "calendar.feed_revoked", "calendar.feed_created", "calendar.feed_revoked"]);
  });

  it("answers 401 when the feed's user is deactivated or no longer holds readCalendar", async () => {
    const deactivated = await insertUser(`feed-${crypto.randomUUID()}@example.com`, "compliance");
    const one = await createCalendarFeed(deactivated);
    expect((await fetchFeed(one.token)).status).toBe(200);
    await db().update(users).set({ active: false }).where(eq(users.id, deactivated.id));
    expect((await fetchFeed(one.token)).status).toBe(401);

    const demoted = await insertUser(`feed-${crypto.randomUUID()}@example.com`, "compliance");
    const two = await createCalendarFeed(demoted);
    await db().update(users).set({ role: "finance" }).where(eq(users.id, demoted.id));
    expect((await fetchFeed(two.token)).status).toBe(401);
  });

  it("lets no user revoke another's feed, and says nothing about other users", async () => {
    const owner = await insertUser(`feed-owner-${crypto.randomUUID()}@example.com`, "compliance");
    const other = await insertUser(`feed-other-${crypto.randomUUID()}@example.com`, "admin");
    const owned = await createCalendarFeed(owner);
    const others = await createCalendarFeed(other);
    expect(await revokeCalendarFeed(other, owned.feedId)).toBe(false);
    const body = await (await fetchFeed(owned.token)).text();
    for (const secret of [other.email, owner.email, others.token, "someone@example.com"]) expect(body).not.toContain(secret);
  });
});
