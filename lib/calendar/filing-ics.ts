import "server-only";
import ical from "ical-generator";
import { appEnv } from "@/lib/env";
import { dossierPath, entryTitle, evidencePath, type FilingEntry } from "./filing-entries";

/** The console's public origin for links in exported calendars: NEXTAUTH_URL when set, else the request's own. */
export function calendarOrigin(request: Request): string {
  return appEnv().NEXTAUTH_URL ?? new URL(request.url).origin;
}

/**
 * The entries as an iCalendar (RFC 5545) document of all-day events on their due dates. An entry that only a flag
 * marks overdue has no date to sit on and is left out. Each event's UID names the company and filing kind, so a
 * subscribed calendar updates the event when the due date moves instead of adding another.
 */
export function filingIcs(entries: FilingEntry[], options: { origin: string; name: string; now: Date }): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: "Registry Desk", product: "Filing deadlines", language: "EN" },
    description: "Filing deadlines of the companies in Registry Desk's stored dossiers and monitors.",
  });
  for (const entry of entries) {
    if (!entry.dueDate) continue;
    const dossier = new URL(dossierPath(entry), options.origin).toString();
    calendar.createEvent({
      id: `${entry.kind}.${entry.countryCode}.${encodeURIComponent(entry.companyId)}@registry-desk`,
      stamp: options.now,
      start: new Date(`${entry.dueDate}T00:00:00Z`),
      allDay: true,
      summary: `${entry.overdue ? "OVERDUE · " : ""}${entryTitle(entry)}`,
      description: [
        ...(entry.overdue ? [`Overdue: ${entry.overdueBecause.join("; ")}`] : []),
        ...(entry.periodEnd ? [`Period ending ${entry.periodEnd}`] : []),
        ...(entry.caseReferences.length ? [`Case references: ${entry.caseReferences.join(", ")}`] : []),
        ...(entry.connection ? [`Connection: ${entry.connection.name}`] : []),
        `Company file: ${dossier}`,
        `Evidence pack: ${new URL(evidencePath(entry), options.origin).toString()}`,
      ].join("\n"),
      url: dossier,
    });
  }
  return calendar.toString();
}
