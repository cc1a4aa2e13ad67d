import "server-only";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/require-role";
import type { ActionResult } from "@/lib/forms/action-result";
import { RegistryError, type RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import { findConnection } from "./manage-connections";
import { openRegistry } from "./registry-for";

export type ConnectionTestResult = { latencyMs: number } & (
  { reachable: true; monitors: number } | { reachable: false; error: RegistryErrorInfo }
);

/**
 * Calls a free endpoint that checks the key (GET /v2/monitors?first=1) and reports latency and the answer, audited.
 * It tests the stored connection it names (an id, never a URL from a form), not the session's active one, and the
 * registry's error is its result, not a failure. A stored key goes to its stored base URL and nowhere else.
 */
export async function testConnection(user: SessionUser, id: string): Promise<ActionResult<ConnectionTestResult>> {
  const connection = await findConnection(id);
  if (!connection) return { ok: false, code: "not_found", error: "No such connection." };
  const started = performance.now();
  let result: ConnectionTestResult;
  try {
    // A key this server cannot decrypt is a test result too (connection_key_unreadable).
    const registry = await openRegistry(connection);
    if (!registry) return { ok: false, code: "not_found", error: "No such connection." };
    const answer = await registry.client.listMonitors({ first: 1 });
    result = { latencyMs: Math.round(performance.now() - started), reachable: true, monitors: answer.total };
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    result = { latencyMs: Math.round(performance.now() - started), reachable: false, error: error.toInfo() };
  }
  await audit(
    user,
    "connection.tested",
    connection.name,
    result.reachable
      ? { latencyMs: result.latencyMs }
      : { latencyMs: result.latencyMs, code: result.error.code, status: result.error.status },
  );
  return { ok: true, data: result };
}
