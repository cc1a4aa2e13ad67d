import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import type { Role } from "@/lib/auth/roles";

/**
 * The role a live stream's viewer has now, read from the database like requireRole does; null when they
 * may no longer receive anything (removed, deactivated, or made to change their password).
 */
export async function liveViewerRole(database: Database, userId: string): Promise<Role | null> {
  const [user] = await database
    .select({ role: users.role, active: users.active, mustChangePassword: users.mustChangePassword })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !user.active || user.mustChangePassword) return null;
  return user.role;
}
