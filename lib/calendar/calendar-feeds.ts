import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { db, type Transaction } from "@/db/client";
import { calendarFeeds, users } from "@/db/schema";
import { audit, type Actor } from "@/lib/audit/audit";
import { can } from "@/lib/auth/capabilities.shared";
import type { SessionUser } from "@/lib/auth/require-role";

/** 32 random bytes as base64url: 43 characters, safe in a URL path. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export type LatestFeed = { id: string; createdAt: Date; revokedAt: Date | null; revokedReason: string | null };

/** The user's newest feed, answering or not (a revoked one says when and why). */
export async function latestCalendarFeed(userId: string): Promise<LatestFeed | undefined> {
  const [feed] = await db()
    .select({
      id: calendarFeeds.id,
      createdAt: calendarFeeds.createdAt,
      revokedAt: calendarFeeds.revokedAt,
      revokedReason: calendarFeeds.revokedReason,
    })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .orderBy(desc(calendarFeeds.createdAt))
    .limit(1);
  return feed;
}

/**
 * Revokes every feed of `userId` when their account changes under them (their password, an admin's reset, a
 * deactivation, a role change), in the transaction of that change: a feed URL is a credential, and account recovery
 * must end it as it ends sessions. Each revocation is audited with its reason.
 */
export async function revokeFeedsOnAccountChange(tx: Transaction, actor: Actor, userId: string, reason: string): Promise<number> {
  const revoked = await tx
    .update(calendarFeeds)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
    .returning({ id: calendarFeeds.id });
  for (const feed of revoked) await audit(actor, "calendar.feed_revoked", feed.id, { reason }, tx);
  return revoked.length;
}

/**
 * Creates the user's feed and returns its token, which is shown once: only its SHA-256 is stored. A user keeps one
 * feed: creating another revokes the previous one, so a URL that leaked is ended by making a new one.
 */
export async function createCalendarFeed(user: SessionUser): Promise<{ feedId: string; token: string }> {
  const token = randomBytes(32).toString("base64url");
  return db().transaction(async (tx) => {
    const replaced = await tx
      .update(calendarFeeds)
      .set({ revokedAt: new Date(), revokedReason: "replaced by a new feed" })
      .where(and(eq(calendarFeeds.userId, user.id), isNull(calendarFeeds.revokedAt)))
      .returning({ id: calendarFeeds.id });
    for (const old of replaced) await audit(user, "calendar.feed_revoked", old.id, { reason: "replaced by a new feed" }, tx);
    const [feed] = await tx
      .insert(calendarFeeds)
      .values({ userId: user.id, tokenHash: hashOf(token) })
      .returning({ id: calendarFeeds.id });
    await audit(user, "calendar.feed_created", feed!.id, {}, tx);
    return { feedId: feed!.id, token };
  });
}

/** Revokes one of the user's own feeds; false when it is not theirs or already revoked. */
export async function revokeCalendarFeed(user: SessionUser, feedId: string): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [revoked] = await tx
      .update(calendarFeeds)
      .set({ revokedAt: new Date(), revokedReason: "revoked by its owner" })
      .where(and(eq(calendarFeeds.id, feedId), eq(calendarFeeds.userId, user.id), isNull(calendarFeeds.revokedAt)))
      .returning({ id: calendarFeeds.id });
    if (!revoked) return false;
    await audit(user, "calendar.feed_revoked", revoked.id, {}, tx);
    return true;
  });
}

/**
 * Whom a feed URL's token stands for: undefined unless the feed exists, is not revoked, and its user is still
 * active and still holds `readCalendar` (read from the database on every fetch, like a session).
 */
export async function calendarFeedOwner(token: string): Promise<{ id: string; email: string } | undefined> {
  if (!tokenPattern.test(token)) return undefined;
  const [row] = await db()
    .select({ id: users.id, email: users.email, role: users.role, active: users.active })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, hashOf(token)), isNull(calendarFeeds.revokedAt)));
  if (!row || !row.active || !can(row.role, "readCalendar")) return undefined;
  return { id: row.id, email: row.email };
}
