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
 * with the case references of all its requests and running monitors. Snapshots are `json` text (possibly
 * megabytes), which Postgres reads and parses again for each `->`: so each company's newest snapshot is parsed once,
 * and another request's only when the company was requested more than once. Parts that do not parse are skipped,
 * never a failed page (the API is additive).
 */
export async function calendarEntries(now = new Date()): Promise<FilingEntry[]> {
  const [newest, references, running] = await Promise.all([
    db().execute<NewestRow>(sql`
      with newest as (
        select distinct on (country_code, company_id) request_id
        from company_requests
        where snapshot is not null and country_code is not null and company_id is not null
        order by country_code, company_id, updated_at desc, request_id desc
      )
      select r.request_id, r.updated_at, r.country_code, r.company_id, r.company_name,
        c.id as connection_id, c.name as connection_name,
        s.snapshot->'company'->>'legalName' as legal_name,
        s.snapshot->'company'->'statutoryFilings' as statutory_filings,
        s.snapshot->'company'->'complianceFlags' as compliance_flags,
        s.snapshot->'request'->'metadata'->>'caseReference' as case_reference
      from newest
      join company_requests r on r.request_id = newest.request_id
      left join registry_connections c on c.id = r.connection_id
      -- One parse of the text into jsonb (offset 0 keeps it from being inlined into each expression).
      cross join lateral (select r.snapshot::jsonb as snapshot offset 0) s`),
    // The case references of a company's other requests: only companies requested more than once are read again.
    db().execute<{ country_code: string; company_id: string; case_reference: string | null }>(sql`
      select distinct r.country_code, r.company_id, r.snapshot->'request'->'metadata'->>'caseReference' as case_reference
      from company_requests r
      join (
        select country_code, company_id
        from company_requests
        where snapshot is not null and country_code is not null and company_id is not null
        group by country_code, company_id
        having count(*) > 1
      ) repeated on repeated.country_code = r.country_code and repeated.company_id = r.company_id
      where r.snapshot is not null`),
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
