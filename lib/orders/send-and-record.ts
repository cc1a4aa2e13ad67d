import "server-only";
import { sql } from "drizzle-orm";
import { db, type Transaction } from "@/db/client";
import { companyRequests } from "@/db/schema";
import { registryFailure, type ActionResult } from "@/lib/forms/action-result";
import type { SessionUser } from "@/lib/auth/require-role";
import { audit, type AuditAction } from "@/lib/audit/audit";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import type { CompanyResponse } from "@/lib/registry/schemas.shared";
import type { RequestPurpose } from "@/lib/requests/origins";
import { firstOrderPurposes, followedRequest } from "@/lib/requests/follow-up-parent";
import { storeSnapshot, type StoreSnapshotResult } from "@/lib/requests/store-snapshot";
import { intentMetadataKey, isRefusal, openIntent, settleIntent, type IntentMetadata } from "./paid-request-intents";
import { errorLabel } from "@/lib/vocabulary/words.shared";

export type PaidRequest = {
  user: SessionUser;
  /** The connection the request is sent through (its webhooks and later reads go there). */
  connectionId: string | null;
  company: { countryCode: string; id: string; name?: string | null };
  /** The audit action, and what it records besides the outcome (quoted total, caps, what was ordered…). */
  action: AuditAction;
  details: Record<string, unknown>;
  /** Why it is ordered; a follow-up names the request it follows (without one, the company's newest first order). */
  purpose: RequestPurpose;
  parentRequestId?: string;
  /**
   * Runs in the transaction that writes the intent, committed before the registry is called: a caller that keeps
   * its own record of the order (a batch row) links the intent to it there, so a crash leaves no order unlinked.
   */
  onIntent?: (tx: Transaction, intentId: string) => Promise<void>;
};

/** What the user is told when the registry gave no definite answer: maybe ordered, so no one-click retry. */
function outcomeUnknown(error: RegistryError): ActionResult<never> {
  const message =
    `The registry gave no definite answer (${errorLabel(error.code, error.message)}), so the order may have been placed and charged. ` +
    "If it was, it appears under Requests when the registry reports it; check there before ordering again.";
  return {
    ok: false,
    code: "outcome_unknown",
    error: message,
    registry: { status: error.status, code: "outcome_unknown", message, details: error.details, retryable: false },
  };
}

/**
 * Sends a paid request with a record of it written first (lib/orders/paid-request-intents.ts), its id in the
 * request's metadata. Then, in one transaction, records it as ordered here by this user, stores its first
 * snapshot, settles the intent and writes the audit row. A refusal by the registry is audited too and returned
 * in its own words; no definite answer (a time-out, a network failure, a 5xx) is recorded as "outcome unknown".
 * `send` gets the metadata to add to the request.
 */
export async function sendAndRecord(
  paid: PaidRequest,
  send: (intent: IntentMetadata) => Promise<CompanyResponse>,
): Promise<ActionResult<{ requestId: string }>> {
  const { user, connectionId, company, action, details, purpose } = paid;
  const target = `${company.countryCode} ${company.id}`;
  const newIntent = { actor: user, connectionId, action, target, details };
  const { onIntent } = paid;
  const intent = onIntent
    ? await db().transaction(async (tx) => {
        const opened = await openIntent(tx, newIntent);
        await onIntent(tx, opened[intentMetadataKey]);
        return opened;
      })
    : await openIntent(db(), newIntent);
  const intentId = intent[intentMetadataKey];
  let snapshot: CompanyResponse;
  try {
    snapshot = await send(intent);
  } catch (error) {
    const registryError = error instanceof RegistryError ? error : undefined;
    const status = registryError && isRefusal(registryError) ? "refused" : "unknown";
    const outcome = registryError
      ? { code: registryError.code, message: registryError.message, status: registryError.status }
      : { code: "internal_error", message: String(error) };
    await db().transaction(async (tx) => {
      await settleIntent(tx, intentId, { status, outcome });
      await audit(user, action, target, { ...details, intentId, outcome: status, code: outcome.code, message: outcome.message }, tx);
    });
    if (!registryError) throw error;
    if (status === "unknown") return outcomeUnknown(registryError);
    return registryFailure(registryError);
  }

  const requestId = snapshot.request.requestId;
  const name = snapshot.request.companyLegalName ?? company.name ?? null;
  let stored: StoreSnapshotResult["outcome"];
  try {
    stored = await db().transaction(async (tx) => {
      // A webhook may have brought the request first (as created elsewhere): it is this console's order. A request
      // stored for another connection is never taken over (storeSnapshot then answers `mismatch`).
      const parent = firstOrderPurposes.includes(purpose) ? null : followedRequest(connectionId, company, paid.parentRequestId, requestId);
      const r = companyRequests;
      await tx
        .insert(r)
        .values({
          requestId,
          connectionId,
          origin: "console",
          orderedBy: user.id,
          countryCode: company.countryCode,
          companyId: company.id,
          companyName: name,
          purpose,
          parentRequestId: parent,
        })
        .onConflictDoUpdate({
          target: r.requestId,
          set: { origin: "console", orderedBy: user.id, purpose, parentRequestId: parent },
          setWhere: sql`${r.connectionId} is not distinct from ${connectionId}::uuid`,
        });
      const { outcome } = await storeSnapshot(tx, connectionId, snapshot, "order");
      if (outcome === "mismatch") {
        const message = `The registry accepted the order as ${requestId}, but this console stores that request for another connection.`;
        await settleIntent(tx, intentId, { status: "unknown", requestId, outcome: { code: "request_mismatch", message } });
      } else {
        await settleIntent(tx, intentId, { status: "ordered", requestId });
      }
      await audit(
        user,
        action,
        target,
        { ...details, intentId, outcome: "ordered", requestId, ...(outcome === "mismatch" && { stored: false }) },
        tx,
      );
      return outcome;
    });
  } catch (error) {
    // Ordered and charged, but not stored: keep the request id on the intent, so reconciliation finds the request
    // once its webhook arrives. (If even this fails, the intent stays pending and is reconciled the same way.)
    await settleIntent(db(), intentId, {
      status: "unknown",
      requestId,
      outcome: {
        code: "not_recorded",
        message: `The registry accepted the order as ${requestId}, but it could not be stored: ${(error as Error).message}`,
      },
    }).catch(() => {});
    throw error;
  }
  if (stored === "mismatch") {
    return {
      ok: false,
      code: "request_mismatch",
      error: `The registry accepted the order (request ${requestId}), but this console stores that request for another connection, so it was not recorded here.`,
    };
  }
  return { ok: true, data: { requestId } };
}
