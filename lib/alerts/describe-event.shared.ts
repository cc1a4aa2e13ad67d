/**
 * One timeline event as a sentence. The details are what the writer stored (lib/alerts/, or the "See what changed"
 * flow), read defensively: an event written by a later version still reads.
 */
import type { alertEventKinds } from "@/db/vocabulary";
import { label } from "@/lib/vocabulary/words.shared";
import { alertOutcomeLabels, alertStateLabels, categoryLabel, type AlertOutcome, type AlertState } from "./labels.shared";

type Kind = (typeof alertEventKinds)[number];

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);
const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);
const stateLabel = (value: unknown) => alertStateLabels[value as AlertState] ?? text(value) ?? "?";

/** How a person named by email reads: their display name where one is known (`people`), else the email. */
export type PeopleNames = Readonly<Record<string, string>>;

/**
 * One event as a sentence. `people` maps the emails an event names (an assignment's from and to) to display names;
 * an email without one reads as the email.
 */
export function describeEvent(kind: Kind | string, details: Record<string, unknown>, people: PeopleNames = {}): string {
  const person = (value: unknown) => {
    const email = text(value);
    return email && (Object.hasOwn(people, email) ? people[email] : email);
  };
  switch (kind) {
    case "notification_received": {
      const categories = list(details.categories).map(categoryLabel).join(", ") || "no category";
      const marks = [details.test === true && "test", details.deactivation === true && "deactivation"].filter(Boolean).join(", ");
      return `${details.opened === true ? "Opened by a notification" : "Notification received"}: ${categories}${marks ? ` (${marks})` : ""}`;
    }
    case "assigned": {
      const [to, from] = [person(details.to), person(details.from)];
      return to ? `Assigned to ${to}${from ? ` (was ${from})` : ""}` : `Unassigned${from ? ` (was ${from})` : ""}`;
    }
    case "state_changed": {
      const outcome = alertOutcomeLabels[details.outcome as AlertOutcome];
      return `${stateLabel(details.from)} → ${stateLabel(details.to)}${outcome ? `: ${outcome}` : ""}`;
    }
    case "commented":
      return "Commented";
    case "reretrieval_ordered":
      return `Re-retrieval ordered${text(details.requestId) ? ` (request ${text(details.requestId)})` : ""}`;
    case "diff_reviewed":
      return "Reviewed what changed";
    case "risk_increased": {
      const reasons = list(details.reasons).slice(0, 3).join(" ");
      // The vocabulary's words for a known rating; an unknown one as written.
      const rating = (value: unknown) => label("riskRating", text(value) ?? "?");
      return `Risk rating increased from ${rating(details.from)} to ${rating(details.to)}${reasons ? `: ${reasons}` : ""}`;
    }
    default:
      return kind;
  }
}

/** The free text an event carries (a comment, a resolution's comment), shown under its sentence. */
export const eventComment = (details: Record<string, unknown>): string | undefined => text(details.comment);

/** The emails an event names a person by (an assignment's from and to), to look their display names up. */
export const eventEmails = (kind: Kind | string, details: Record<string, unknown>): string[] =>
  kind === "assigned" ? [text(details.from), text(details.to)].filter((email): email is string => email !== undefined) : [];
