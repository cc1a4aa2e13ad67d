/** What the triage controls are given and get back: the server actions, as props (components never import app/). */
import type { AlertOutcome } from "@/lib/alerts/labels.shared";

export type TriageFailure = { ok: false; code: string; error: string; fieldErrors?: Record<string, string[]> };
export type TriageResult<T> = { ok: true; data: T } | TriageFailure;

/** What a bulk change did: the alerts it changed, each refused one with why, and the changed rows as they are now. */
export type BulkAnswer<Row> = { changed: number[]; refused: { id: number; error: string }[]; rows: Row[] };

export type TriageActions<Row> = {
  assign: (input: { alertIds: number[]; assigneeId: string | null }) => Promise<TriageResult<BulkAnswer<Row>>>;
  review: (input: { alertIds: number[] }) => Promise<TriageResult<BulkAnswer<Row>>>;
  resolve: (input: { alertIds: number[]; outcome: AlertOutcome; comment: string }) => Promise<TriageResult<BulkAnswer<Row>>>;
};

export type Assignee = { id: string; email: string; name: string };

/** How a person is named on the page: their display name, or their email where they have none. */
export const personName = (person: { email: string; name: string | null }): string => person.name || person.email;

/** Why an action failed, in one sentence: its field errors where it has some, else its error. */
export function failureText(failure: TriageFailure): string {
  const fields = Object.values(failure.fieldErrors ?? {}).flat();
  return fields.length ? fields.join(" ") : failure.error;
}

/** A bulk answer as one sentence for the person who asked: what changed, and each refusal. */
export function describeBulk(answer: BulkAnswer<unknown>, verb: string): { message: string; failed: boolean } {
  const { changed, refused } = answer;
  const done = `${changed.length} ${changed.length === 1 ? "alert" : "alerts"} ${verb}.`;
  if (refused.length === 0) return { message: done, failed: false };
  return { message: `${done} Refused: ${refused.map((r) => `alert ${r.id}: ${r.error}`).join(" ")}`, failed: true };
}
