"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { audit } from "@/lib/audit/audit";
import { roleAction, type ActionResult } from "@/lib/auth/role-action";
import { connectionInputSchema } from "@/lib/connections/connection-input";
import { editConnection } from "@/lib/connections/connection-target-change";
import { createConnection, deleteConnection, findConnection, type ChangeResult } from "@/lib/connections/manage-connections";
import { openRegistry } from "@/lib/connections/registry-for";
import { RegistryError, type RegistryErrorInfo } from "@/lib/registry/registry-error";
const id = z.uuid("Unknown connection.");

function refreshed<T>(result: ChangeResult<T>): ActionResult<T> {
  if (result.ok) revalidatePath("/", "layout"); // the header lists connections on every page
  return result;
}

export const createConnectionAction = roleAction("manageConnections", connectionInputSchema, async (input, user) =>
  refreshed(await createConnection(user, input)),
);

/**
 * Edits a connection. A new base URL or API key waits for a second admin (dual control), with the reason given;
 * the other fields apply at once.
 */
export const updateConnectionAction = roleAction(
  "manageConnections",
  z.object({ id, fields: connectionInputSchema, reason: z.string().trim().max(500, "Use at most 500 characters.").default("") }),
  async (input, user) => refreshed(await editConnection(user, input.id, input.fields, input.reason)),
);

export const deleteConnectionAction = roleAction("manageConnections", z.object({ id }), async (input, user) =>
  refreshed(await deleteConnection(user, input.id)),
);

export type ConnectionTestResult = { latencyMs: number } & (
  { reachable: true; monitors: number } | { reachable: false; error: RegistryErrorInfo }
);

/**
 * Calls a free endpoint that checks the key (GET /v2/monitors?first=1) and reports latency and the answer. It
 * tests the stored connection it names (an id, never a URL from the form), not the session's active one: so it
 * opens that connection itself rather than through registryAction, and the registry's error is its result, not
 * a failure. A stored key goes to its stored base URL and nowhere else, and that URL changes only with the key
 * entered again (updateConnection).
 */
export const testConnectionAction = roleAction(
  "manageConnections",
  z.object({ id }),
  async (input, user): Promise<ActionResult<ConnectionTestResult>> => {
    const connection = await findConnection(input.id);
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
  },
);
