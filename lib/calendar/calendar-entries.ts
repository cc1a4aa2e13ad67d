import "server-only";
import { and, isNull, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { monitors } from "@/db/schema";
import { complianceFlagsSchema, statutoryFilingsSchema } from "@/lib/registry/schemas";
import { filingEntries, type CompanyReference, type DossierFilings, type FilingEntry } from "./filing-entries";

type NewestRow = {
  request_id: string | null;
  as_of: string | null;
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
 * Every filing deadline the console knows of: from each company's file (lib/company-file/), whose filings come from
 * the newest snapshot that holds them, whatever request came after (a graph expansion, a document listing); with the
 * case references of all its first orders and running monitors. It reads `company_files.filings`, never a snapshot.
 * A company seen through two connections shows the file with the newer filings. Parts that do not parse are
 * skipped, never a failed page (the API is additive).
 */
export async function calendarEntries(now = new Date()): Promise<FilingEntry[]> {
  const [newest, references, running] = await Promise.all([
    db().execute<NewestRow>(sql`
      select distinct on (f.country_code, f.company_id)
        f.filings->'source'->>'requestId' as request_id, f.filings->'source'->>'asOf' as as_of, f.updated_at,
        f.country_code, f.company_id, f.company_name,
        c.id as connection_id, c.name as connection_name,
        f.filings->>'legalName' as legal_name,
        f.filings->'statutoryFilings' as statutory_filings,
        f.filings->'complianceFlags' as compliance_flags,
        f.filings->>'caseReference' as case_reference
      from company_files f
      join registry_connections c on c.id = f.connection_id
      where f.filings->'source'->>'requestId' is not null
      order by f.country_code, f.company_id, f.filings->'source'->>'asOf' desc nulls last, f.updated_at desc`),
    // The case references of every first order of each company (follow-ups carry none of their own).
    db().execute<{ country_code: string; company_id: string; case_reference: string | null }>(sql`
      select distinct country_code, company_id, filings->>'caseReference' as case_reference
      from company_requests
      where filings is not null and country_code is not null and company_id is not null and filings->>'caseReference' is not null
        and (purpose is null or purpose in ('order', 'onboarding'))`),
    db()
      .select({ countryCode: monitors.countryCode, companyId: monitors.companyId, caseReference: monitors.caseReference })
      .from(monitors)
      .where(and(isNull(monitors.stoppedAt), isNull(monitors.deactivatedAt))),
  ]);
  const dossiers: DossierFilings[] = newest.rows.map((row) => ({
    requestId: row.request_id!,
    snapshotAt: new Date(row.as_of ?? row.updated_at),
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
