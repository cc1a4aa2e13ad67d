import "server-only";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { auditLog, companyRequests } from "@/db/schema";

/**
 * The workspace names this console has seen or created through one connection, for a registry without
 * GET /v2/workspaces: the `workspace` object of the snapshots it stored, and its own `workspace.created` audit
 * rows. Sorted by name; nothing else is known of them (no legal name, no UBO access).
 */
export async function knownWorkspaceNames(connectionId: string): Promise<string[]> {
  const seenName = sql<string | null>`${companyRequests.snapshot}->'workspace'->>'name'`;
  const [seen, created] = await Promise.all([
    db()
      .selectDistinct({ name: seenName })
      .from(companyRequests)
      .where(and(eq(companyRequests.connectionId, connectionId), isNotNull(seenName))),
    db()
      .selectDistinct({ name: auditLog.target })
      .from(auditLog)
      .where(and(eq(auditLog.action, "workspace.created"), sql`${auditLog.details}->>'connectionId' = ${connectionId}`)),
  ]);
  const names = new Set([...seen, ...created].flatMap(({ name }) => (name ? [name] : [])));
  return [...names].sort((a, b) => a.localeCompare(b));
}
