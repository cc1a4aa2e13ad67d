/** What the triage controls are given: the server actions, as props (components never import app/). */
import type { AlertOutcome } from "@/lib/alerts/labels";

export type TriageFailure = { ok: false; code: string; error: string; fieldErrors?: Record<string, string[]> };
export type TriageResult = { ok: true; data: { changed: number[]; refused: { id: number; error: string }[] } } | TriageFailure;

export type TriageActions = {
  assign: (input: { alertIds: number[]; assigneeId: string | null }) => Promise<TriageResult>;
  review: (input: { alertIds: number[] }) => Promise<TriageResult>;
  resolve: (input: { alertIds: number[]; outcome: AlertOutcome; comment: string }) => Promise<TriageResult>;
};

export type Assignee = { id: string; email: string; name: string };

/** A result as one sentence for the person who asked: what changed, and each refusal. */
export function describeResult(result: TriageResult, verb: string): { message: string; failed: boolean } {
  if (!result.ok) {
    const fields = Object.values(result.fieldErrors ?? {}).flat();
    return { message: fields.length ? fields.join(" ") : result.error, failed: true };
  }
  const { changed, refused } = result.data;
  const done = `${changed.length} ${changed.length === 1 ? "alert" : "alerts"} ${verb}.`;
  if (refused.length === 0) return { message: done, failed: false };
  return { message: `${done} Refused: ${refused.map((r) => `alert ${r.id}: ${r.error}`).join(" ")}`, failed: true };
}
