import { db } from "@/db/client";
import type { CompanyResponse } from "@/lib/registry/schemas.shared";
import { storeSnapshot } from "@/lib/requests/store-snapshot";
import { storeSandboxConnection } from "./stored-connection";

/**
 * Delivers a company datapoint as the registry would (a webhook snapshot, through storeSnapshot, on a sandbox
 * connection of its own): the request is stored and its company file written. Returns the connection's id.
 */
export async function deliverCompany(company: {
  requestId: string;
  countryCode: string;
  companyId: string;
  caseReference?: string;
  fields: Record<string, unknown>;
}): Promise<string> {
  const connectionId = await storeSandboxConnection({ webhookSecret: "whsec_test", name: `Sandbox for ${company.requestId}` });
  const snapshot = {
    request: {
      requestId: company.requestId,
      version: 1,
      countryCode: company.countryCode,
      companyId: company.companyId,
      dataStatus: { dataPoints: { company: { status: "succeeded" } } },
      ...(company.caseReference && { metadata: { caseReference: company.caseReference } }),
    },
    company: { id: company.companyId, countryCode: company.countryCode, ...company.fields },
  } as unknown as CompanyResponse;
  const stored = await storeSnapshot(db(), connectionId, snapshot, "webhook");
  if (stored.outcome !== "applied") throw new Error(`${company.requestId} was not stored: ${stored.outcome}`);
  return connectionId;
}
