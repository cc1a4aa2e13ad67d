import { filingDeadlines } from "@/lib/calendar/filing-deadlines";
import type { DossierFilings } from "@/lib/calendar/filing-entries";

/** A company file's filings as a test states them: the snapshot's parts, as the registry sends them. */
export type DossierFixture = Omit<DossierFilings, "deadlines"> & { statutoryFilings?: unknown; complianceFlags?: unknown };

/** The fixture with the deadlines its filings hold, as they are written with the company file. */
export const withDeadlines = ({ statutoryFilings, complianceFlags, ...dossier }: DossierFixture): DossierFilings => ({
  ...dossier,
  deadlines: filingDeadlines(statutoryFilings, complianceFlags),
});
