"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { audit } from "@/lib/audit/audit";
import { roleAction, type ActionResult } from "@/lib/auth/role-action";
import { connectionInputSchema } from "@/lib/connections/connection-input";
import { connectionTarget, createConnection, deleteConnection, listConnections, updateConnection, type ChangeResult } from "@/lib/connections/manage-connections";
import { createRegistryClient } from "@/lib/registry/client";
import { RegistryError, type RegistryErrorInfo } from "@/lib/registry/registry-error";

const admins = ["admin"] as const;
const id = z.uuid("Unknown connection.");

function refreshed<T>(result: ChangeResult<T>): ActionResult<T> {
  if (result.ok) revalidatePath("/", "layout"); // the header lists connections on every page
  return result;
}

export const createConnectionAction = roleAction(admins, connectionInputSchema, async (input, user) => refreshed(await createConnection(user, input)));

export const updateConnectionAction = roleAction(admins, z.object({ id, fields: connectionInputSchema }), async (input, user) =>
  refreshed(await updateConnection(user, input.id, input.fields)),
);

export const deleteConnectionAction = roleAction(admins, z.object({ id }), async (input, user) => refreshed(await deleteConnection(user, input.id)));

export type ConnectionTestResult = { latencyMs: number } & ({ reachable: true; monitors: number } | { reachable: false; error: RegistryErrorInfo });

/**
 * Calls a free endpoint that checks the key (GET /v2/monitors?first=1) and reports latency and the answer. It
 * tests the stored connection only (an id, never a URL from the form): a stored key goes to its stored base URL
 * and nowhere else, and that URL changes only with the key entered again (updateConnection).
 */
export const testConnectionAction = roleAction(admins, z.object({ id }), async (input, user): Promise<ActionResult<ConnectionTestResult>> => {
  const name = (await listConnections()).find((c) => c.id === input.id)?.name;
  if (!name) return { ok: false, code: "not_found", error: "No such connection." };
  const started = performance.now();
  let result: ConnectionTestResult;
  try {
    // A key this server cannot decrypt is a test result too (connection_key_unreadable).
    const target = await connectionTarget(input.id);
    if (!target) return { ok: false, code: "not_found", error: "No such connection." };
    const answer = await createRegistryClient(target).listMonitors({ first: 1 });
    result = { latencyMs: Math.round(performance.now() - started), reachable: true, monitors: answer.total };
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    result = { latencyMs: Math.round(performance.now() - started), reachable: false, error: error.toInfo() };
  }
  await audit(user, "connection.tested", name, result.reachable ? { latencyMs: result.latencyMs } : { latencyMs: result.latencyMs, code: result.error.code, status: result.error.status });
  return { ok: true, data: result };
});
