import "server-only";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SessionUser } from "@/lib/auth/require-role";
import type { ConnectionView } from "@/lib/connections/manage-connections";
import type { Registry } from "@/lib/connections/registry-for";
import type { CompanyRequestBody } from "@/lib/registry/schemas.shared";
import { onboardingRequestBody, type ValidOnboarding } from "./onboarding-input.shared";
import { companyRequestBody, registryIdErrors, type ValidOrder } from "./order-input.shared";
import { firstOrderPurposes, followedCaseReference } from "@/lib/requests/follow-up-parent";
import type { RequestPurpose } from "@/lib/requests/origins";
import { sendAndRecord, type PaidRequest } from "./send-and-record";

/**
 * Why an order is placed: a first order, or a follow-up of `parentRequestId` (by default the company's newest first
 * order); `onIntent` links the paid-request intent to the caller's own record (see PaidRequest).
 */
export type OrderPurpose = { purpose: RequestPurpose; parentRequestId?: string; onIntent?: PaidRequest["onIntent"] };

/**
 * Places an order: `POST /v2/company` through `registry` (audited with quoted total and caps). `linkedTo` names
 * what it was placed from (`{ alertId }`): sent in the request's metadata and kept in the audit row. A follow-up
 * without a case reference of its own takes the one of the request it follows.
 */
export async function placeOrder(
  user: SessionUser,
  given: ValidOrder,
  registry: Registry,
  linkedTo: Record<string, string> = {},
  why: OrderPurpose = { purpose: "order" },
): Promise<ActionResult<{ requestId: string }>> {
  const idErrors = registryIdErrors(given);
  if (idErrors.length) return { ok: false, code: "invalid_input", error: idErrors[0]!, fieldErrors: { id: idErrors } };
  const inherits = !given.caseReference && !firstOrderPurposes.includes(why.purpose);
  const order = inherits
    ? { ...given, caseReference: await followedCaseReference(registry.connection.id, given, why.parentRequestId) }
    : given;
  const body = companyRequestBody(order, user.email, linkedTo);
  const details = { ...auditDetails(order, body, registry.connection), ...linkedTo };
  const paid = {
    user,
    connectionId: registry.connection.id,
    company: { countryCode: order.countryCode, id: order.id },
    action: "company.ordered" as const,
    details,
    ...why,
  };
  return sendAndRecord(paid, (intent) => registry.client.createCompany({ ...body, metadata: { ...body.metadata, ...intent } }));
}

/** Fast mode (`POST /v2/onboarding`): the whole result comes in the answer, recorded like any order. */
export async function placeOnboarding(
  user: SessionUser,
  onboarding: ValidOnboarding,
  registry: Registry,
): Promise<ActionResult<{ requestId: string }>> {
  const body = onboardingRequestBody(onboarding, user.email);
  const details = {
    connection: registry.connection.name,
    kind: "onboarding",
    quotedTotal: onboarding.quotedTotal,
    dataPoints: body.dataPoints,
    caseReference: onboarding.caseReference || null,
  };
  const paid = {
    user,
    connectionId: registry.connection.id,
    company: { countryCode: onboarding.countryCode, id: onboarding.id },
    action: "company.ordered" as const,
    details,
    purpose: "onboarding" as const,
  };
  return sendAndRecord(paid, (intent) => registry.client.onboarding({ ...body, metadata: { ...body.metadata, ...intent } }));
}

function auditDetails(order: ValidOrder, body: CompanyRequestBody, connection: ConnectionView) {
  return {
    connection: connection.name,
    quotedTotal: order.quotedTotal,
    caps: {
      maxBudget: body.maxBudget ?? null,
      profileMaxBudget: body.profileMaxBudget ?? null,
      graphMaxBudget: body.graphMaxBudget ?? null,
    },
    dataPoints: body.dataPoints,
    documents: body.documents ?? [],
    mode: body.mode ?? null,
    caseReference: order.caseReference || null,
  };
}
