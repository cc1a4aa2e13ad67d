import { count } from "drizzle-orm";
import { createDatabase } from "../db/client";
import { users } from "../db/schema";
import { audit, systemActor } from "../lib/audit/audit";
import { generatePassword, hashPassword } from "../lib/auth/password";

export type SeededAdmin = { email: string; oneTimePassword?: string } | undefined;

/**
 * On an empty database, creates the first admin. Without a given password it generates a one-time
 * password, returned to be printed once; only its argon2id hash is stored.
 */
export async function seedFirstAdmin(databaseUrl: string, email: string, password?: string): Promise<SeededAdmin> {
  const { db, pool } = createDatabase(databaseUrl, 1);
  try {
    const [existing] = await db.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return undefined;
    const oneTimePassword = password ? undefined : generatePassword();
    const passwordHash = await hashPassword(password ?? oneTimePassword!);
    await db.transaction(async (tx) => {
      await tx
        .insert(users)
        .values({ email: email.toLowerCase(), name: "Administrator", role: "admin", passwordHash, mustChangePassword: !password });
      await audit(systemActor, "user.created", email.toLowerCase(), { role: "admin", via: "first start" }, tx);
    });
    return { email: email.toLowerCase(), oneTimePassword };
  } finally {
    await pool.end();
  }
}
