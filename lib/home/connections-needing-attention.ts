import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { db } from "@/db/client";
import { auditLog } from "@/db/schema";
import { ConnectionKeyUnreadableError } from "@/lib/connections/connection-key-unreadable.shared";
import { connectionTarget, listConnections } from "@/lib/connections/manage-connections";

export type ConnectionAttention = {
  id: string;
  name: string;
  problem: "key_unreadable" | "test_failed";
  /** The decryption failure in words, or the failed test's code and status. */
  detail: string;
  at: Date | undefined;
};

type TestedDetails = { code?: string; status?: number };

/**
 * Connections an admin should look at: a stored key this server cannot decrypt, or a latest connection test that
 * failed (the test's audit row: Settings → Connections → Test). A key is opened here only to see whether it opens.
 */
export async function connectionsNeedingAttention(): Promise<ConnectionAttention[]> {
  const connections = await listConnections();
  if (connections.length === 0) return [];
  const tests = await db()
    .selectDistinctOn([auditLog.target], { target: auditLog.target, details: auditLog.details, at: auditLog.at })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, "connection.tested"),
        inArray(
          auditLog.target,
          connections.map((c) => c.name),
        ),
      ),
    )
    .orderBy(auditLog.target, desc(auditLog.at), desc(auditLog.id));
  const latestTest = new Map(tests.map((t) => [t.target, t]));
  const attention: ConnectionAttention[] = [];
  for (const connection of connections) {
    try {
      await connectionTarget(connection.id);
    } catch (error) {
      if (!(error instanceof ConnectionKeyUnreadableError)) throw error;
      attention.push({ id: connection.id, name: connection.name, problem: "key_unreadable", detail: error.message, at: undefined });
      continue;
    }
    const test = latestTest.get(connection.name);
    const details = (test?.details ?? {}) as TestedDetails;
    if (test && details.code) {
      const status = details.status ? ` (HTTP ${details.status})` : "";
      attention.push({ id: connection.id, name: connection.name, problem: "test_failed", detail: `${details.code}${status}`, at: test.at });
    }
  }
  return attention;
}
