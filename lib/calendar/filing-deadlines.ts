import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { CompanyFileFilings } from "@/db/schema";
import { filingKinds } from "@/db/vocabulary";
import { complianceFlagsSchema, statutoryFilingsSchema, type ComplianceFlags } from "@/lib/registry/schemas.shared";

export type FilingKind = (typeof filingKinds)[number];

/** The registry's compliance flag that says a filing of this kind is overdue. */
const overdueFlags = { accounts: "accountsOverdue", annualFiling: "annualFilingOverdue" } as const satisfies Record<
  FilingKind,
  keyof ComplianceFlags
>;

/** What a company's filings say of one filing kind: its next due date, and the register's own overdue marks. */
export type FilingDeadline = {
  kind: FilingKind;
  /** YYYY-MM-DD; null when only a flag says the filing is overdue. */
  dueDate: string | null;
  /** The end of the period the filing covers, when the register states it. */
  periodEnd: string | null;
  /** The register marks the next filing overdue. */
  registerOverdue: boolean;
  /** The register's compliance flag for this filing is active. */
  flagged: boolean;
};

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const dateOrNull = (value: string | undefined) => (value && isoDate.test(value) ? value : null);

/**
 * The deadlines in a snapshot's statutory filings and compliance flags, as the registry sent them: one per kind
 * that has a due date or an active overdue flag. A part the schema refuses is left out, never a failed write (the
 * API is additive); a due date that is not a date is ignored rather than misplaced.
 */
export function filingDeadlines(statutoryFilings: unknown, complianceFlags: unknown): FilingDeadline[] {
  const filings = statutoryFilingsSchema.safeParse(statutoryFilings).data;
  const flags = complianceFlagsSchema.safeParse(complianceFlags).data;
  const deadlines: FilingDeadline[] = [];
  for (const kind of filingKinds) {
    const next = filings?.[kind]?.next;
    const flag = flags?.[overdueFlags[kind]];
    const flagged = flag?.active === true;
    const dueDate = dateOrNull(next?.dueDate) ?? (flagged ? dateOrNull(flag.dueDate) : null);
    if (!dueDate && !flagged) continue;
    deadlines.push({ kind, dueDate, periodEnd: dateOrNull(next?.periodEnd), registerOverdue: next?.overdue === true, flagged });
  }
  return deadlines;
}

/** Why a deadline is overdue on `today` (YYYY-MM-DD), in words; empty when it is not. */
export function overdueBecause(deadline: Pick<FilingDeadline, "dueDate" | "registerOverdue" | "flagged">, today: string): string[] {
  return [
    ...(deadline.dueDate && deadline.dueDate < today ? [`due ${deadline.dueDate}`] : []),
    ...(deadline.registerOverdue ? ["marked overdue by the register"] : []),
    ...(deadline.flagged ? ["flagged overdue in the register's compliance flags"] : []),
  ];
}

type FileKey = { connectionId: string; countryCode: string; companyId: string };

/** A company file as its deadlines are written from it. */
export type FileFilings = FileKey & { companyName: string | null; filings: CompanyFileFilings | null };

const keyColumns = sql.raw("connection_id uuid, country_code text, company_id text");
const rowColumns = sql.raw(
  "connection_id uuid, country_code text, company_id text, kind text, scheduled boolean, company_name text, due_date date, period_end date, register_overdue boolean, flagged boolean, case_reference text, request_id text, as_of text",
);
const sameFile = (a: string, b: string) =>
  sql.raw(`${a}.connection_id = ${b}.connection_id and ${a}.country_code = ${b}.country_code and ${a}.company_id = ${b}.company_id`);

/** A row of each kind for a file with filings (`scheduled` when they schedule it); none for a file without. */
function deadlineRows(file: FileFilings) {
  const source = file.filings?.source;
  if (!source) return [];
  const legalName = typeof file.filings?.legalName === "string" ? file.filings.legalName : null;
  const caseReference = typeof file.filings?.caseReference === "string" ? file.filings.caseReference : null;
  const deadlines = filingDeadlines(file.filings?.statutoryFilings, file.filings?.complianceFlags);
  return filingKinds.map((kind) => {
    const deadline = deadlines.find((d) => d.kind === kind);
    return {
      connection_id: file.connectionId,
      country_code: file.countryCode,
      company_id: file.companyId,
      kind,
      scheduled: deadline !== undefined,
      company_name: legalName ?? file.companyName,
      due_date: deadline?.dueDate ?? null,
      period_end: deadline?.periodEnd ?? null,
      register_overdue: deadline?.registerOverdue ?? false,
      flagged: deadline?.flagged ?? false,
      case_reference: caseReference,
      request_id: source.requestId,
      as_of: source.asOf ?? null,
    };
  });
}

/**
 * The statements' parts that make each company file's `filing_deadlines` those of its filings, for the files whose
 * write went through (`written(alias)`, a condition on the file's key columns under `alias`): a row of each kind
 * while it has filings, none once it has none. The rows cleared and those written never overlap, so both run in the
 * one statement that writes the files.
 */
export function deadlinesWrite(files: readonly FileFilings[], written: (alias: string) => SQL): { clear: SQL; write: SQL } {
  const keys = JSON.stringify(files.map((f) => ({ connection_id: f.connectionId, country_code: f.countryCode, company_id: f.companyId })));
  const rows = JSON.stringify(files.flatMap(deadlineRows));
  return {
    clear: sql`delete from filing_deadlines d using jsonb_to_recordset(${keys}::jsonb) as k(${keyColumns})
      where ${sameFile("d", "k")} and ${written("k")}
        and not exists (select 1 from jsonb_to_recordset(${rows}::jsonb) as x(${rowColumns}) where ${sameFile("x", "d")} and x.kind = d.kind)`,
    write: sql`insert into filing_deadlines as d (connection_id, country_code, company_id, kind, scheduled, company_name, due_date, period_end,
                                                  register_overdue, flagged, case_reference, request_id, as_of)
      select x.* from jsonb_to_recordset(${rows}::jsonb) as x(${rowColumns}) where ${written("x")}
      on conflict (connection_id, country_code, company_id, kind) do update
        set scheduled = excluded.scheduled, company_name = excluded.company_name, due_date = excluded.due_date, period_end = excluded.period_end,
            register_overdue = excluded.register_overdue, flagged = excluded.flagged, case_reference = excluded.case_reference,
            request_id = excluded.request_id, as_of = excluded.as_of`,
  };
}
