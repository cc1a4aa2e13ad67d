import "server-only";
import { dueLabel } from "@/lib/alerts/due-label";
import type { InboxRow } from "@/lib/alerts/inbox-page";
import { alertOutcomeLabels, categoryLabel, deactivationText } from "@/lib/alerts/labels.shared";
import type { InboxTableRow } from "./inbox-table";

const utc = (date: Date) => date.toISOString().slice(0, 16).replace("T", " ");

/** One inbox row as the table shows it: the page's rows, and a triage action's answer for the rows it changed. */
export function tableRow(row: InboxRow, now: Date): InboxTableRow {
  return {
    id: row.id,
    company: row.companyName ?? row.companyId,
    place: `${row.countryCode} · ${row.companyId}`,
    monitorId: row.monitorId,
    state: row.state,
    categories: row.categories.map(categoryLabel).join(", "),
    isTest: row.isTest,
    deactivation: row.deactivation ? deactivationText(row.categories) : null,
    assignee: row.assignee ? row.assignee.email : null,
    due: row.state === "resolved" ? null : dueLabel(row.dueAt, now),
    outcome: row.outcome ? `Resolved: ${alertOutcomeLabels[row.outcome]}` : null,
    lastNotified: utc(row.lastNotifiedAt),
    notificationCount: row.notificationCount,
  };
}
