import "server-only";
import { overdueBecause, type FilingDeadline, type FilingKind } from "./filing-deadlines";

export const filingLabels: Record<FilingKind, string> = { accounts: "Annual accounts", annualFiling: "Annual filing" };

/** What a company file says about its filings: its deadlines (`filing_deadlines`), and where they were read from. */
export type DossierFilings = {
  requestId: string;
  /** When the filings' snapshot was delivered. */
  snapshotAt: Date;
  connection: { id: string; name: string } | null;
  countryCode: string;
  companyId: string;
  companyName: string | null;
  caseReference: string | null;
  deadlines: FilingDeadline[];
};

/** A company and a case reference it was given (by a monitor, or by one of its first orders). */
export type CompanyReference = { countryCode: string; companyId: string; caseReference: string | null };

export type FilingEntry = {
  /** Country, company id and kind: one entry each, whichever request or connection it was read from. */
  key: string;
  kind: FilingKind;
  countryCode: string;
  companyId: string;
  companyName: string | null;
  /** YYYY-MM-DD; null when only a flag says the filing is overdue. */
  dueDate: string | null;
  /** The period the filing covers, when the register states it. */
  periodEnd: string | null;
  overdue: boolean;
  /** Why it is overdue, in words (the due date passed, the register's own mark, or its compliance flag). */
  overdueBecause: string[];
  caseReferences: string[];
  monitored: boolean;
  connection: { id: string; name: string } | null;
  /** The request whose snapshot the entry was read from (the newest of the company). */
  requestId: string;
  snapshotAt: Date;
};

/** Today as YYYY-MM-DD in UTC: registers state due dates as plain dates. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

const companyKey = (countryCode: string, companyId: string) => `${countryCode}:${companyId}`;

/** One entry, built as one object literal: spreading 20,000 of them took longer than everything else together. */
function entryOf(
  dossier: DossierFilings,
  deadline: FilingDeadline,
  today: string,
  around: Pick<FilingEntry, "caseReferences" | "monitored">,
): FilingEntry {
  const because = overdueBecause(deadline, today);
  return {
    key: `${companyKey(dossier.countryCode, dossier.companyId)}:${deadline.kind}`,
    kind: deadline.kind,
    countryCode: dossier.countryCode,
    companyId: dossier.companyId,
    companyName: dossier.companyName,
    dueDate: deadline.dueDate,
    periodEnd: deadline.periodEnd,
    overdue: because.length > 0,
    overdueBecause: because,
    caseReferences: around.caseReferences,
    monitored: around.monitored,
    connection: dossier.connection,
    requestId: dossier.requestId,
    snapshotAt: dossier.snapshotAt,
  };
}

/**
 * The entries of company files' deadlines, one per file and filing kind, in the files' order: each company's current
 * file, as the query that read them chose it and ordered them (lib/calendar/calendar-entries.ts). Each carries every
 * case reference the company's file, first orders (`references`) and running monitors (`monitored`) were given;
 * monitored companies are marked.
 */
export function filingEntries(
  dossiers: DossierFilings[],
  monitored: CompanyReference[],
  now: Date,
  references: CompanyReference[] = [],
): FilingEntry[] {
  const today = utcDay(now);
  const caseReferences = new Map<string, Set<string>>();
  const addReference = (key: string, reference: string | null) => {
    if (!reference) return;
    const set = caseReferences.get(key) ?? new Set<string>();
    set.add(reference);
    caseReferences.set(key, set);
  };
  for (const other of references) addReference(companyKey(other.countryCode, other.companyId), other.caseReference);
  for (const dossier of dossiers) addReference(companyKey(dossier.countryCode, dossier.companyId), dossier.caseReference);
  const monitoredKeys = new Set<string>();
  for (const company of monitored) {
    const key = companyKey(company.countryCode, company.companyId);
    monitoredKeys.add(key);
    addReference(key, company.caseReference);
  }
  const entries: FilingEntry[] = [];
  for (const dossier of dossiers) {
    const key = companyKey(dossier.countryCode, dossier.companyId);
    const around = { caseReferences: [...(caseReferences.get(key) ?? [])].sort(), monitored: monitoredKeys.has(key) };
    for (const deadline of dossier.deadlines) entries.push(entryOf(dossier, deadline, today, around));
  }
  return entries;
}

type CompanyOf = Pick<FilingEntry, "countryCode" | "companyId">;

/** The entry's company file (the company page). */
export const dossierPath = (entry: CompanyOf) =>
  `/companies/${encodeURIComponent(entry.countryCode)}/${encodeURIComponent(entry.companyId)}`;

/** The evidence pack of that company file as of now (a ZIP: report, merged snapshot, documents, sources, manifest). */
export const evidencePath = (entry: CompanyOf) => `/api${dossierPath(entry)}/evidence`;

/** The entry's title, as the agenda, the month grid and calendar apps show it. */
export function entryTitle(entry: FilingEntry): string {
  return `${filingLabels[entry.kind]}: ${entry.companyName ?? entry.companyId} (${entry.countryCode} ${entry.companyId})`;
}
