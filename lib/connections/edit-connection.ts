import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { registryConnections } from "@/db/schema";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SessionUser } from "@/lib/auth/require-role";
import { submitChange } from "@/lib/dual-control/pending-changes";
import { reasonRefusal, type ConnectionChangeKind } from "./connection-change";
import { alreadyWaiting } from "./waiting-connection-changes";
import { baseUrlChangeProblems, sameBaseUrl, type ConnectionFields } from "./connection-input.shared";
import { defaultChange, environmentChange } from "./connection-setting-change";
import { targetChange } from "./connection-target-change";
import { reentryRefusal, updateConnection } from "./manage-connections";

/**
 * What an edit became: the name and a signing secret rotation on the same address applied at once; each sensitive
 * part either performed now (dual control off, or one admin alone: then with the warning) or waiting for a second
 * admin, one pending change each.
 */
export type ConnectionEdit = { waiting: ConnectionChangeKind[]; warning?: string };

const waitingWords: Partial<Record<ConnectionChangeKind, string>> = {
  connection_target: "A base URL or API key change",
  connection_environment: "An environment change",
  connection_default: "Making it the default",
};

/**
 * The settings page's edit of a connection. A new base URL or API key (`connection_target`, its secrets sealed),
 * another environment (`connection_environment`) and becoming the default (`connection_default`) are sensitive:
 * each goes through submitChange with the reason given. The name, and a signing secret rotation on the same
 * address, apply at once. A base URL without the secrets entered again, a sensitive part without a reason, or one
 * already waiting for this connection is refused before anything changes.
 */
export async function editConnection(
  user: SessionUser,
  id: string,
  fields: ConnectionFields,
  reason: string,
): Promise<ActionResult<ConnectionEdit>> {
  const [current] = await db().select().from(registryConnections).where(eq(registryConnections.id, id));
  if (!current) return { ok: false, code: "not_found", error: "No such connection." };
  const reentry = baseUrlChangeProblems({ baseUrl: current.baseUrl, hasWebhookSecret: current.webhookSecretSealed !== null }, fields);
  if (Object.keys(reentry).length > 0) return reentryRefusal(reentry);
  const [previousDefault] = await db()
    .select({ name: registryConnections.name })
    .from(registryConnections)
    .where(eq(registryConnections.isDefault, true));
  const target = targetChange(user, current, fields, reason);
  const environment = environmentChange(user, current, fields, reason);
  // Towards sandbox the environment goes first, towards production the address: no step is production over plain http.
  const sensitive = [
    ...(fields.environment === "sandbox" ? [environment, target] : [target, environment]),
    defaultChange(user, current, fields, reason, previousDefault?.name ?? null),
  ].filter((change) => change !== undefined);
  if (sensitive.length > 0 && !reason) return reasonRefusal;
  for (const { request } of sensitive) {
    const waiting = await alreadyWaiting(
      request.kind,
      { connectionId: id },
      `${waitingWords[request.kind]} for ${current.name} is already waiting for a second admin.`,
    );
    if (waiting) return waiting;
  }

  // The rest applies now, on the current address, key, environment and default.
  const urlChanges = !sameBaseUrl(current.baseUrl, fields.baseUrl);
  const rest = await updateConnection(user, id, {
    ...fields,
    baseUrl: current.baseUrl,
    apiKey: "",
    environment: current.environment,
    isDefault: false,
    ...(urlChanges && { webhookSecret: "", clearWebhookSecret: false }),
  });
  if (!rest.ok) return rest;

  const edit: ConnectionEdit = { waiting: [] };
  for (const { request, perform } of sensitive) {
    const submitted = await submitChange(user, request, perform);
    if (!submitted.ok) return submitted;
    if (submitted.data.state === "pending") edit.waiting.push(request.kind);
    else if (submitted.data.note.dualControl === "single_admin") edit.warning = submitted.data.note.warning;
  }
  return { ok: true, data: edit };
}
