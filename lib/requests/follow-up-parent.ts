import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { companyRequests } from "@/db/schema";
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
  const p = alias(companyRequests, "p");
  return sql`(select ${p.requestId} from ${companyRequests} ${p}
               where ${p.connectionId} is not distinct from ${connectionId}::uuid and ${p.countryCode} = ${company.countryCode}
                 and ${p.companyId} = ${company.id} and (${p.purpose} is null or ${p.purpose} in ('order', 'onboarding'))
                 and ${p.parentRequestId} is null ${self ? sql`and ${p.requestId} <> ${self}` : sql``}
               order by ${p.createdAt} desc limit 1)`;
}

/**
 * The case reference of the request a follow-up follows (as that request's metadata carried it), so a graph
 * expansion, a re-retrieval or a document listing is found under the same case; "" when it has none.
 */
export async function followedCaseReference(connectionId: string | null, company: Company, parentRequestId?: string): Promise<string> {
  const r = alias(companyRequests, "r");
  const { rows } = await db().execute<{ case_reference: string | null }>(sql`
    select ${r.filings}->>'caseReference' as case_reference from ${companyRequests} ${r}
    where ${r.requestId} = ${followedRequest(connectionId, company, parentRequestId)}`);
  return rows[0]?.case_reference ?? "";
}
