import "server-only";
import { and, inArray, ne } from "drizzle-orm";
import { db } from "@/db/client";
import { users } from "@/db/schema";

/**
 * The display names, as they are now, of the users with these email addresses: what a timeline shows for a person a
 * record names by email. A user without a display name (or no user at all) is left out, so the caller falls back to
 * the email.
 */
export async function displayNamesByEmail(emails: Iterable<string | null | undefined>): Promise<Record<string, string>> {
  const wanted = [...new Set([...emails].filter((email): email is string => typeof email === "string" && email !== ""))];
  if (wanted.length === 0) return {};
  const rows = await db()
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(inArray(users.email, wanted), ne(users.name, "")));
  return Object.fromEntries(rows.map((row) => [row.email, row.name]));
}
