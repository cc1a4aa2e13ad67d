import Link from "next/link";
import { dossierPath, entryTitle, evidencePath, type FilingEntry } from "@/lib/calendar/filing-entries";

/** The entry's dossier and evidence pack, named so a screen reader's link list tells them apart. */
export function EntryLinks({ entry }: { entry: FilingEntry }) {
  return (
    <span className="inline-flex flex-wrap gap-x-3 gap-y-1">
      <Link href={dossierPath(entry)} className="underline underline-offset-2" aria-label={`Dossier: ${entryTitle(entry)}`}>
        Dossier
      </Link>
      <a href={evidencePath(entry)} className="underline underline-offset-2" aria-label={`Evidence pack: ${entryTitle(entry)}`} download>
        Evidence pack
      </a>
    </span>
  );
}
