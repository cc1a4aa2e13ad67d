import "server-only";
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { db, type Transaction } from "@/db/client";
import {
  companyFiles,
  companyRatings,
  companyRequests,
  portfolioEntries,
  registryConnections,
  users,
  type PortfolioEntryRow,
} from "@/db/schema";
import { audit, type Actor } from "@/lib/audit/audit";
import { capabilities } from "@/lib/auth/capabilities.shared";
import { ofCompany, type CompanyKey } from "@/lib/company-file/company-file-store";
import { publishLive } from "@/lib/live/publish";
import { liveTopics } from "@/lib/live/topics.shared";
import { nextReviewDue } from "@/lib/risk/review-policy.shared";
import { reviewPolicyInForce } from "@/lib/risk/review-policy-store";
import type { RiskRating } from "@/lib/risk/risk-model.shared";
import { companyRiskState, type CompanyRiskState } from "./company-risk";

/** A change's answer: the panel's state as it is now, or why nothing changed. */
export type PortfolioChangeResult = { ok: true; state: CompanyRiskState } | { ok: false; error: string };

const auditTarget = (key: CompanyKey) => `${key.countryCode}:${key.companyId}`;

/**
 * The company's portfolio entry, locked for the change; created first when the company has none yet (marked customer
 * or given an owner before its first rating), named as its company file or its newest request names it, due for a
 * first review now. Undefined when the connection does not exist.
 */
async function lockEntry(tx: Transaction, key: CompanyKey): Promise<PortfolioEntryRow | undefined> {
  const [connection] = await tx
    .select({ id: registryConnections.id })
    .from(registryConnections)
    .where(eq(registryConnections.id, key.connectionId));
  if (!connection) return undefined;
  const fileName = tx.select({ name: companyFiles.companyName }).from(companyFiles).where(ofCompany(companyFiles, key));
  const newestRequestName = tx
    .select({ name: companyRequests.companyName })
    .from(companyRequests)
    .where(and(ofCompany(companyRequests, key), isNotNull(companyRequests.companyName)))
    .orderBy(desc(companyRequests.createdAt))
    .limit(1);
  await tx
    .insert(portfolioEntries)
    .values({ ...key, companyName: sql`coalesce(${fileName}, ${newestRequestName})`, nextReviewDue: sql`now()` })
    .onConflictDoNothing();
  const [entry] = await tx.select().from(portfolioEntries).where(ofCompany(portfolioEntries, key)).for("update");
  return entry;
}

const unknownConnection = "This registry connection no longer exists; reload the page.";

/**
 * Runs `change` on the company's locked entry in one transaction with its audit row and the portfolio's live event;
 * answers the panel's state after it. `change` returns why it refuses, or whether it changed anything (no audit row
 * and no event when it did not).
 */
async function changeEntry(
  key: CompanyKey,
  change: (tx: Transaction, entry: PortfolioEntryRow) => Promise<{ refused: string } | { changed: boolean }>,
): Promise<PortfolioChangeResult> {
  try {
    return await db().transaction(async (tx) => {
      const entry = await lockEntry(tx, key);
      if (!entry) throw new Refusal(unknownConnection);
      const outcome = await change(tx, entry);
      // Thrown, so that an entry made for the change is not kept either.
      if ("refused" in outcome) throw new Refusal(outcome.refused);
      if (!outcome.changed) throw new Unchanged();
      await publishLive(tx, [liveTopics.portfolio]);
      return { ok: true as const, state: await companyRiskState(key, tx) };
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, error: error.message };
    if (error instanceof Unchanged) return { ok: true, state: await companyRiskState(key) };
    throw error;
  }
}

/** Nothing to change: rolled back too (no entry made for it), and the answer is the state as it is. */
class Unchanged extends Error {}

/** A refused change: its transaction rolls back, and the message is the answer. */
class Refusal extends Error {}

/** Marks the company a customer or not (scope "customers": it joins or leaves the portfolio; its history stays). */
export function setCustomer(actor: Actor, key: CompanyKey, customer: boolean): Promise<PortfolioChangeResult> {
  return changeEntry(key, async (tx, entry) => {
    if (entry.customer === customer) return { changed: false };
    await tx.update(portfolioEntries).set({ customer, updatedAt: new Date() }).where(ofCompany(portfolioEntries, key));
    await audit(actor, "portfolio.customer_changed", auditTarget(key), { ...key, companyName: entry.companyName, customer }, tx);
    return { changed: true };
  });
}

/** The users who may own a company: active users who review companies. */
async function ownerCandidate(tx: Transaction, ownerId: string): Promise<{ id: string; email: string } | undefined> {
  const roles = capabilities.reviewCompanies.roles;
  const [owner] = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.id, ownerId), eq(users.active, true), inArray(users.role, roles)));
  return owner;
}

/** Gives the company an owner (null: nobody), who must be an active compliance or admin user. */
export function setOwner(actor: Actor, key: CompanyKey, ownerId: string | null): Promise<PortfolioChangeResult> {
  return changeEntry(key, async (tx, entry) => {
    const owner = ownerId === null ? null : await ownerCandidate(tx, ownerId);
    if (owner === undefined) return { refused: "A company can be owned only by an active compliance or admin user." };
    if (entry.ownerId === ownerId) return { changed: false };
    const previous = entry.ownerId
      ? (await tx.select({ email: users.email }).from(users).where(eq(users.id, entry.ownerId)))[0]?.email
      : undefined;
    await tx.update(portfolioEntries).set({ ownerId, updatedAt: new Date() }).where(ofCompany(portfolioEntries, key));
    await audit(
      actor,
      "portfolio.owner_changed",
      auditTarget(key),
      { ...key, companyName: entry.companyName, from: previous ?? null, to: owner?.email ?? null },
      tx,
    );
    return { changed: true };
  });
}

/** The entry's rating and next due date once `rating` is in force (the policy's cycle for it after the last review). */
async function withRating(tx: Transaction, entry: PortfolioEntryRow, rating: RiskRating | null) {
  const policy = await reviewPolicyInForce(tx);
  return { rating, nextReviewDue: nextReviewDue(policy, rating, entry.lastReviewedAt, entry.createdAt) };
}

/**
 * Pins the company's rating by hand, with the reason: it is the rating in force until unpinned (the re-rater keeps
 * computing beside it), and the next review date follows it.
 */
export function pinRating(actor: Actor, key: CompanyKey, pin: { rating: RiskRating; reason: string }): Promise<PortfolioChangeResult> {
  return changeEntry(key, async (tx, entry) => {
    const now = new Date();
    const next = await withRating(tx, entry, pin.rating);
    await tx
      .update(portfolioEntries)
      .set({ ...next, pinnedRating: pin.rating, pinReason: pin.reason, pinnedBy: actor.id, pinnedAt: now, updatedAt: now })
      .where(ofCompany(portfolioEntries, key));
    await audit(
      actor,
      "risk.rating_pinned",
      auditTarget(key),
      {
        ...key,
        companyName: entry.companyName,
        rating: pin.rating,
        reason: pin.reason,
        from: entry.rating,
        nextReviewDue: next.nextReviewDue.toISOString(),
      },
      tx,
    );
    return { changed: true };
  });
}

/** Removes the pin: the computed rating is in force again (none until the company is rated), the due date follows it. */
export function unpinRating(actor: Actor, key: CompanyKey): Promise<PortfolioChangeResult> {
  return changeEntry(key, async (tx, entry) => {
    if (!entry.pinnedRating) return { refused: "This company's rating is not pinned." };
    const [computed] = entry.ratingId
      ? await tx.select({ rating: companyRatings.rating }).from(companyRatings).where(eq(companyRatings.id, entry.ratingId))
      : [];
    const next = await withRating(tx, entry, computed?.rating ?? null);
    await tx
      .update(portfolioEntries)
      .set({ ...next, pinnedRating: null, pinReason: null, pinnedBy: null, pinnedAt: null, updatedAt: new Date() })
      .where(ofCompany(portfolioEntries, key));
    await audit(
      actor,
      "risk.rating_unpinned",
      auditTarget(key),
      {
        ...key,
        companyName: entry.companyName,
        pinned: entry.pinnedRating,
        pinReason: entry.pinReason,
        rating: next.rating,
        nextReviewDue: next.nextReviewDue.toISOString(),
      },
      tx,
    );
    return { changed: true };
  });
}
