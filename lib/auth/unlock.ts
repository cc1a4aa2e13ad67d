import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { signInFailures, signInLocks } from "@/db/schema";
import { audit, type Actor } from "@/lib/audit/audit";
import { clientAddress } from "./client-address";
import { normalizeEmail } from "./sign-in";

export type Unlocked = { target: string; lockedUntil: Date | null; failuresForgotten: number };

/**
 * Lets an email sign in again at once (`npm run unlock`): ends its lock, if any, and forgets the failures
 * counted against it. The way back for an admin whom someone locked out by guessing; audited.
 */
export async function unlockEmail(database: Database, rawEmail: string, actor: Actor, now = new Date()): Promise<Unlocked> {
  const email = normalizeEmail(rawEmail);
  return database.transaction(async (tx) => {
    const [lock] = await tx.delete(signInLocks).where(eq(signInLocks.email, email)).returning();
    const forgotten = await tx.delete(signInFailures).where(eq(signInFailures.email, email)).returning({ id: signInFailures.id });
    const lockedUntil = lock && lock.lockedUntil > now ? lock.lockedUntil : null;
    await audit(
      actor,
      "auth.unlocked",
      email,
      { lockedUntil: lockedUntil?.toISOString() ?? null, failuresForgotten: forgotten.length },
      tx,
    );
    return { target: email, lockedUntil, failuresForgotten: forgotten.length };
  });
}

/** Lets a client address (over its limit of failed sign-ins) try again at once, forgetting its failures; audited. */
export async function unlockAddress(database: Database, rawAddress: string, actor: Actor): Promise<Unlocked> {
  // The same key sign-in counts under (an IPv6 address counts by its /64).
  const address = clientAddress(rawAddress, 0) ?? rawAddress.trim();
  return database.transaction(async (tx) => {
    const forgotten = await tx
      .update(signInFailures)
      .set({ clientAddress: sql`null` })
      .where(eq(signInFailures.clientAddress, address))
      .returning({ id: signInFailures.id });
    await audit(actor, "auth.unlocked", address, { failuresForgotten: forgotten.length }, tx);
    return { target: address, lockedUntil: null, failuresForgotten: forgotten.length };
  });
}
