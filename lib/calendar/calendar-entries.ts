import "server-only";
import { and, isNull, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { monitors } from "@/db/schema";
import { complianceFlagsSchema, statutoryFilingsSchema } from "@/lib/registry/schemas";
import { filingEntries, type CompanyReference, type DossierFilings, type FilingEntry } from "./filing-entries";

type NewestRow = {
  request_id: string;
  updated_at: Date | string;
  country_code: string;
  company_id: string;
  company_name: string | null;
  connection_id: string | null;
  connection_name: string | null;
  legal_name: string | null;
  case_reference: string | null;
  statutory_filings: unknown;
  compliance_flags: unknown;
};

/**
 * Every filing deadline the console knows of: from the newest snapshot of each company among the stored requests,
 * with the case references of all its requests and running monitors. It reads `company_requests.filings` (the
 * calendar's parts of each snapshot, written with it), never the snapshots themselves. Parts that do not parse are
 * skipped, never a failed page (the API is additive).
 */
export async function calendarEntries(now = new Date()): Promise<FilingEntry[]> {
  const [newest, references, running] = await Promise.all([
    db().execute<NewestRow>(sql`
      select distinct on (r.country_code, r.company_id)
        r.request_id, r.updated_at, r.country_code, r.company_id, r.company_name,
        c.id as connection_id, c.name as connection_name,
        r.filings->>'legalName' as legal_name,
        r.filings->'statutoryFilings' as statutory_filings,
        r.filings->'complianceFlags' as compliance_flags,
        r.filings->>'caseReference' as case_reference
      from company_requests r
      left join registry_connections c on c.id = r.connection_id
      where r.filings is not null and r.country_code is not null and r.company_id is not null
      order by r.country_code, r.company_id, r.updated_at desc, r.request_id desc`),
    // The case references of every request of each company (the newest one's among them).
    db().execute<{ country_code: string; company_id: string; case_reference: string | null }>(sql`
      select distinct country_code, company_id, filings->>'caseReference' as case_reference
      from company_requests
      where filings is not null and country_code is not null and company_id is not null and filings->>'caseReference' is not null`),
    db()
      .select({ countryCode: monitors.countryCode, companyId: monitors.companyId, caseReference: monitors.caseReference })
      .from(monitors)
      .where(and(isNull(monitors.stoppedAt), isNull(monitors.deactivatedAt))),
  ]);
  const dossiers: DossierFilings[] = newest.rows.map((row) => ({
    requestId: row.request_id,
    snapshotAt: new Date(row.updated_at),
    connection: row.connection_id && row.connection_name ? { id: row.connection_id, name: row.connection_name } : null,
    countryCode: row.country_code,
    companyId: row.company_id,
    companyName: row.legal_name ?? row.company_name,
    caseReference: row.case_reference,
    statutoryFilings: statutoryFilingsSchema.safeParse(row.statutory_filings).data,
    complianceFlags: complianceFlagsSchema.safeParse(row.compliance_flags).data,
  }));
  const otherReferences: CompanyReference[] = references.rows.map((row) => ({
    countryCode: row.country_code,
    companyId: row.company_id,
    caseReference: row.case_reference,
  }));
  return filingEntries(dossiers, running, now, otherReferences);
}
