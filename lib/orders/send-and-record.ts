import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import type { ActionResult } from "@/lib/auth/role-action";
import type { SessionUser } from "@/lib/auth/require-role";
import { audit, type AuditAction } from "@/lib/audit/audit";
import { RegistryError } from "@/lib/registry/registry-error";
import type { CompanyResponse } from "@/lib/registry/schemas";
import { storeSnapshot } from "@/lib/requests/store-snapshot";

export type PaidRequest = {
  user: SessionUser;
  /** The connection the request is sent through (its webhooks and later reads go there). */
  connectionId: string | null;
  company: { countryCode: string; id: string; name?: string | null };
  /** The audit action, and what it records besides the outcome (quoted total, caps, what was ordered…). */
  action: AuditAction;
  details: Record<string, unknown>;
};

/**
 * Sends a paid request, then, in one transaction, records it as ordered here by this user, stores its first
 * snapshot and writes the audit row. A refusal by the registry is audited too and returned in its own words.
 */
export async function sendAndRecord(paid: PaidRequest, send: () => Promise<CompanyResponse>): Promise<ActionResult<{ requestId: string }>> {
  const { user, connectionId, company, action, details } = paid;
  const target = `${company.countryCode} ${company.id}`;
  let snapshot: CompanyResponse;
  try {
    snapshot = await send();
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    await audit(user, action, target, { ...details, outcome: "refused", code: error.code, message: error.message });
    return { ok: false, code: error.code, error: error.message, registry: error.toInfo() };
  }

  const requestId = snapshot.request.requestId;
  const name = snapshot.request.companyLegalName ?? company.name ?? null;
  const stored = await db().transaction(async (tx) => {
    // A webhook may have brought the request first (as created elsewhere): it is this console's order. A request
    // stored for another connection is never taken over (storeSnapshot then answers `mismatch`).
    await tx.execute(sql`
      insert into company_requests (request_id, connection_id, origin, ordered_by, country_code, company_id, company_name)
      values (${requestId}, ${connectionId}, 'console', ${user.id}, ${company.countryCode}, ${company.id}, ${name})
      on conflict (request_id) do update set origin = 'console', ordered_by = excluded.ordered_by
      where company_requests.connection_id is not distinct from excluded.connection_id`);
    const { outcome } = await storeSnapshot(tx, connectionId, snapshot, "order");
    await audit(user, action, target, { ...details, outcome: "ordered", requestId, ...(outcome === "mismatch" && { stored: false }) }, tx);
    return outcome;
  });
  if (stored === "mismatch") {
    return { ok: false, code: "request_mismatch", error: `The registry accepted the order (request ${requestId}), but this console stores that request for another connection, so it was not recorded here.` };
  }
  return { ok: true, data: { requestId } };
}
