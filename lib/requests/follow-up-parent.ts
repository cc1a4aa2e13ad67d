import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db } from "@/db/client";
import type { RequestPurpose } from "./origins";

/** The purposes of a first order of a company; every other purpose is a follow-up of a request. */
export const firstOrderPurposes: readonly RequestPurpose[] = ["order", "onboarding"];

type Company = { countryCode: string; id: string };

/**
 * The request a follow-up follows, as a SQL value: the one it names, else the company's newest first order through
 * the same connection (never `self`, the follow-up's own id once it has one); null when there is none.
 */
export function followedRequest(connectionId: string | null, company: Company, parentRequestId?: string, self?: string): SQL {
  if (parentRequestId) return sql`${parentRequestId}`;
  return sql`(select p.request_id from company_requests p
               where p.connection_id is not distinct from ${connectionId}::uuid and p.country_code = ${company.countryCode}
                 and p.company_id = ${company.id} and (p.purpose is null or p.purpose in ('order', 'onboarding'))
                 and p.parent_request_id is null ${self ? sql`and p.request_id <> ${self}` : sql``}
               order by p.created_at desc limit 1)`;
}

/**
 * The case reference of the request a follow-up follows (as that request's metadata carried it), so a graph
 * expansion, a re-retrieval or a document listing is found under the same case; "" when it has none.
 */
export async function followedCaseReference(connectionId: string | null, company: Company, parentRequestId?: string): Promise<string> {
  const { rows } = await db().execute<{ case_reference: string | null }>(sql`
    select r.filings->>'caseReference' as case_reference from company_requests r
    where r.request_id = ${followedRequest(connectionId, company, parentRequestId)}`);
  return rows[0]?.case_reference ?? "";
}
