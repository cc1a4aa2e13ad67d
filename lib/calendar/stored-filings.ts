import "server-only";
import type { StoredFilings } from "@/db/schema";
import type { CompanyResponse } from "@/lib/registry/schemas.shared";

/**
 * The parts of a merged snapshot the filing-deadline calendar reads, kept beside it in `company_requests.filings`
 * (migration 0007 fills it for the snapshots stored before). As the registry sent them: the calendar validates
 * them when it reads, so a part the contract refuses is skipped there, never here.
 */
export function filingsOf(snapshot: CompanyResponse): StoredFilings {
  const company = snapshot.company as Record<string, unknown> | null | undefined;
  const metadata = snapshot.request.metadata as Record<string, unknown> | null | undefined;
  return {
    legalName: company?.legalName ?? null,
    statutoryFilings: company?.statutoryFilings ?? null,
    complianceFlags: company?.complianceFlags ?? null,
    caseReference: metadata?.caseReference ?? null,
  };
}
