import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import type { ActionResult } from "@/lib/auth/role-action";
import type { SessionUser } from "@/lib/auth/require-role";
import { audit } from "@/lib/audit/audit";
import type { ConnectionView } from "@/lib/connections/manage-connections";
import type { RegistryClient } from "@/lib/registry/client";
import { RegistryError } from "@/lib/registry/registry-error";
import type { CompanyRequestBody, CompanyResponse } from "@/lib/registry/schemas";
import { storeSnapshot } from "@/lib/requests/store-snapshot";
import { onboardingRequestBody, type ValidOnboarding } from "./onboarding-input";
import { companyRequestBody, registryIdErrors, type ValidOrder } from "./order-input";

type Registry = { connection: ConnectionView; client: RegistryClient };

/** Places an order: `POST /v2/company` through the user's active connection (audited with quoted total and caps). */
export async function placeOrder(user: SessionUser, order: ValidOrder, registry: Registry): Promise<ActionResult<{ requestId: string }>> {
  const idErrors = registryIdErrors(order);
  if (idErrors.length) return { ok: false, code: "invalid_input", error: idErrors[0]!, fieldErrors: { id: idErrors } };
  const body = companyRequestBody(order, user.email);
  const details = auditDetails(order, body, registry.connection);
  return sendAndRecord(user, registry, { countryCode: order.countryCode, id: order.id }, details, () => registry.client.createCompany(body));
}

/** Fast mode (`POST /v2/onboarding`): the whole result comes in the answer, recorded like any order. */
export async function placeOnboarding(user: SessionUser, onboarding: ValidOnboarding, registry: Registry): Promise<ActionResult<{ requestId: string }>> {
  const body = onboardingRequestBody(onboarding, user.email);
  const details = { connection: registry.connection.name, kind: "onboarding", quotedTotal: onboarding.quotedTotal, dataPoints: body.dataPoints, caseReference: onboarding.caseReference || null };
  return sendAndRecord(user, registry, { countryCode: onboarding.countryCode, id: onboarding.id }, details, () => registry.client.onboarding(body));
}

/**
 * Sends a paid request, then, in one transaction, records it as ordered here by this user, stores its first
 * snapshot and writes the audit row. A refusal by the registry is audited too and returned in its own words.
 */
async function sendAndRecord(
  user: SessionUser,
  registry: Registry,
  company: { countryCode: string; id: string },
  details: Record<string, unknown>,
  send: () => Promise<CompanyResponse>,
): Promise<ActionResult<{ requestId: string }>> {
  const target = `${company.countryCode} ${company.id}`;
  let snapshot: CompanyResponse;
  try {
    snapshot = await send();
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    await audit(user, "company.ordered", target, { ...details, outcome: "refused", code: error.code, message: error.message });
    return { ok: false, code: error.code, error: error.message, registry: error.toInfo() };
  }

  const requestId = snapshot.request.requestId;
  await db().transaction(async (tx) => {
    // A webhook may have brought the request first (as created elsewhere): it is this console's order.
    await tx.execute(sql`
      insert into company_requests (request_id, connection_id, origin, ordered_by, country_code, company_id, company_name)
      values (${requestId}, ${registry.connection.id}, 'console', ${user.id}, ${company.countryCode}, ${company.id}, ${snapshot.request.companyLegalName ?? null})
      on conflict (request_id) do update set origin = 'console', ordered_by = excluded.ordered_by, connection_id = excluded.connection_id`);
    await storeSnapshot(tx, registry.connection.id, snapshot, "order");
    await audit(user, "company.ordered", target, { ...details, outcome: "ordered", requestId }, tx);
  });
  return { ok: true, data: { requestId } };
}

function auditDetails(order: ValidOrder, body: CompanyRequestBody, connection: ConnectionView) {
  return {
    connection: connection.name,
    quotedTotal: order.quotedTotal,
    caps: { maxBudget: body.maxBudget ?? null, profileMaxBudget: body.profileMaxBudget ?? null, graphMaxBudget: body.graphMaxBudget ?? null },
    dataPoints: body.dataPoints,
    documents: body.documents ?? [],
    mode: body.mode ?? null,
    caseReference: order.caseReference || null,
  };
}
