import { sql, type SQL } from "drizzle-orm";
import type { CompanyFileFilings } from "@/db/schema";
import { filingKinds } from "@/db/vocabulary";
import { complianceFlagsSchema, statutoryFilingsSchema, type ComplianceFlags } from "@/lib/registry/schemas";

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

/**
 * The statements' parts that make a company file's `filing_deadlines` those of its filings, when `when` holds (the
 * file's write went through): the kinds its filings no longer schedule go, the others are written. Their kinds
 * never overlap, so both run in the one statement that writes the file.
 */
export function deadlinesWrite(
  key: FileKey,
  file: { companyName: string | null; filings: CompanyFileFilings | null },
  when: SQL,
): { clear: SQL; write: SQL } {
  const source = file.filings?.source;
  const deadlines = source ? filingDeadlines(file.filings?.statutoryFilings, file.filings?.complianceFlags) : [];
  const legalName = typeof file.filings?.legalName === "string" ? file.filings.legalName : null;
  const caseReference = typeof file.filings?.caseReference === "string" ? file.filings.caseReference : null;
  const rows = JSON.stringify(
    deadlines.map((d) => ({
      kind: d.kind,
      due_date: d.dueDate,
      period_end: d.periodEnd,
      register_overdue: d.registerOverdue,
      flagged: d.flagged,
    })),
  );
  const ofFile = sql`d.connection_id = ${key.connectionId}::uuid and d.country_code = ${key.countryCode} and d.company_id = ${key.companyId}`;
  return {
    clear: sql`delete from filing_deadlines d
      where ${ofFile} and ${when} and d.kind not in (select jsonb_array_elements_text(${JSON.stringify(deadlines.map((d) => d.kind))}::jsonb))`,
    write: sql`insert into filing_deadlines as d (connection_id, country_code, company_id, kind, company_name, due_date, period_end,
                                                  register_overdue, flagged, case_reference, request_id, as_of)
      select ${key.connectionId}::uuid, ${key.countryCode}, ${key.companyId}, x.kind, ${legalName ?? file.companyName}, x.due_date,
             x.period_end, x.register_overdue, x.flagged, ${caseReference}, ${source?.requestId ?? ""}, ${source?.asOf ?? null}
      from jsonb_to_recordset(${rows}::jsonb) as x(kind text, due_date date, period_end date, register_overdue boolean, flagged boolean)
      where ${when}
      on conflict (connection_id, country_code, company_id, kind) do update
        set company_name = excluded.company_name, due_date = excluded.due_date, period_end = excluded.period_end,
            register_overdue = excluded.register_overdue, flagged = excluded.flagged, case_reference = excluded.case_reference,
            request_id = excluded.request_id, as_of = excluded.as_of`,
  };
}
