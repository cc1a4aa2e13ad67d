"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { audit } from "@/lib/audit/audit";
import { roleAction } from "@/lib/auth/role-action";
import type { ActionResult } from "@/lib/forms/action-result";
import { connectionInputSchema } from "@/lib/connections/connection-input.shared";
import { requestConnectionCreate } from "@/lib/connections/connection-create-change";
import { requestConnectionDelete } from "@/lib/connections/connection-delete-change";
import { editConnection } from "@/lib/connections/edit-connection";
import { findConnection } from "@/lib/connections/manage-connections";
import { openRegistry } from "@/lib/connections/registry-for";
import { submittedOutcome } from "@/lib/dual-control/submitted-outcome";
import { RegistryError, type RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
const id = z.uuid("Unknown connection.");
/** Why the change is asked for: a second admin reads it before approving. */
const reason = z.string().trim().max(500, "Use at most 500 characters.").default("");

function refreshed<T>(result: ActionResult<T>): ActionResult<T> {
  if (result.ok) revalidatePath("/", "layout"); // the header lists connections on every page
  return result;
}

/**
 * Asks to add a connection: it waits, its key and signing secret sealed, for a second admin (dual control), and
 * exists only once approved; where dual control cannot apply it is added at once with the warning.
 */
export const createConnectionAction = roleAction(
  "manageConnections",
  z.object({ fields: connectionInputSchema, reason }),
  async (input, user) => {
    const submitted = await requestConnectionCreate(user, input.fields, input.reason);
    return refreshed(submitted.ok ? { ok: true, data: submittedOutcome(submitted.data) } : submitted);
  },
);

/**
 * Edits a connection. A new base URL or API key, another environment or becoming the default each wait for a
 * second admin (dual control), with the reason given; the name and a signing secret rotation apply at once.
 */
export const updateConnectionAction = roleAction(
  "manageConnections",
  z.object({ id, fields: connectionInputSchema, reason }),
  async (input, user) => refreshed(await editConnection(user, input.id, input.fields, input.reason)),
);

/** Asks to delete a connection: it stays as it is until a second admin approves (dual control). */
export const deleteConnectionAction = roleAction("manageConnections", z.object({ id, reason }), async (input, user) => {
  const submitted = await requestConnectionDelete(user, input.id, input.reason);
  return refreshed(submitted.ok ? { ok: true, data: submittedOutcome(submitted.data) } : submitted);
});

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
