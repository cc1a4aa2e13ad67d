"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { roleAction } from "@/lib/auth/role-action";
import type { ActionResult } from "@/lib/forms/action-result";
import { connectionInputSchema } from "@/lib/connections/connection-input.shared";
import { requestConnectionCreate } from "@/lib/connections/connection-create-change";
import { requestConnectionDelete } from "@/lib/connections/connection-delete-change";
import { editConnection } from "@/lib/connections/edit-connection";
import { testConnection } from "@/lib/connections/test-connection";
import { submittedOutcome } from "@/lib/dual-control/submitted-outcome";
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

/** Tests the stored connection it names (latency and the registry's answer), audited. */
export const testConnectionAction = roleAction("manageConnections", z.object({ id }), async (input, user) =>
  testConnection(user, input.id),
);
