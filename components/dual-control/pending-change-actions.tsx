"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { ConfirmDialog } from "@/components/forms/confirm-dialog";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import type { ActionResult } from "@/lib/forms/action-result";
import type { HandOver } from "@/lib/users/user-access";
import { useHandOver } from "./hand-over";
import { errorText } from "@/lib/vocabulary/words.shared";

/** Approves a change; performing it may generate a password for the approver to pass on (an admin's reset). */
export type ApproveChange = (input: { id: string }) => Promise<ActionResult<{ handOver: HandOver } | undefined>>;
export type RejectChange = (input: { id: string; comment: string }) => Promise<ActionResult>;

/** The decision shown in place of the buttons: on its way to the server at once, then as the server answered. */
type Decision = "approving" | "rejecting" | "approved" | "rejected";

const decisionWords: Record<Decision, string> = {
  approving: "Approved: the server is performing the change…",
  rejecting: "Rejected: the server is recording it…",
  approved: "Approved and performed.",
  rejected: "Rejected: the requester reads your comment.",
};

/**
 * Approve (when this page may perform the change; asked once more, since the server performs the change at once) or reject (with a comment the requester
 * reads) one pending change. Only offered to an admin who did not ask for it; the server refuses that anyway.
 * The decision shows at once in place of the buttons and the server's answer replaces it (the page then refreshes,
 * moving the change to the decided list); a refusal brings the buttons back and says why.
 */
export function PendingChangeActions({
  id,
  what,
  approve,
  reject,
}: {
  id: string;
  what: string;
  approve?: ApproveChange;
  reject: RejectChange;
}) {
  const fieldId = useId();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [comment, setComment] = useState("");
  const [refusal, setRefusal] = useState<{ message: string; fieldErrors?: Record<string, string[]> }>();
  const [decision, setDecision] = useState<Decision>();
  const [, startTransition] = useTransition();
  const handOver = useHandOver();
  const pending = decision === "approving" || decision === "rejecting";

  function decide(guess: "approving" | "rejecting", send: () => Promise<ActionResult<{ handOver: HandOver } | undefined>>) {
    setDecision(guess);
    setRefusal(undefined);
    startTransition(async () => {
      const result = await send().catch(() => undefined);
      if (!result?.ok) {
        setDecision(undefined);
        return setRefusal(
          result
            ? { message: result.registry ? errorText(result.code, result.error) : result.error, fieldErrors: result.fieldErrors }
            : { message: "The console did not answer: the decision may not have been saved. Reload the page to see." },
        );
      }
      if (result.data?.handOver) handOver(result.data.handOver);
      setDecision(guess === "approving" ? "approved" : "rejected");
      router.refresh();
    });
  }

  function submitRejection(event: React.FormEvent) {
    event.preventDefault();
    if (!comment.trim()) return setRefusal({ message: "Say why the change is rejected: nothing was sent." });
    decide("rejecting", () => reject({ id, comment }));
  }

  const commentError = refusal?.fieldErrors?.comment?.join(" ");
  return (
    // Busy while the decision is on its way, until the server answers.
    <div className="space-y-2" aria-busy={pending || undefined}>
      {decision && (
        <p role="status" className="text-sm font-medium">
          {decisionWords[decision]}
        </p>
      )}
      {!rejecting && !decision && (
        <div className="flex gap-2">
          {approve && (
            <Button type="button" size="sm" disabled={pending} onClick={() => setConfirming(true)}>
              Approve<span className="sr-only">: {what}</span>
            </Button>
          )}
          <Button type="button" size="sm" variant="outline" disabled={pending} onClick={() => (setRefusal(undefined), setRejecting(true))}>
            Reject<span className="sr-only">: {what}</span>
          </Button>
        </div>
      )}
      {rejecting && !decision && (
        <form onSubmit={submitRejection} noValidate className="space-y-2" aria-label={`Reject: ${what}`}>
          <Label htmlFor={`${fieldId}-comment`}>Why reject it (the requester reads this)</Label>
          <textarea
            id={`${fieldId}-comment`}
            value={comment}
            onChange={(event) => (setComment(event.target.value), setRefusal(undefined))}
            maxLength={1000}
            rows={2}
            aria-invalid={commentError ? true : undefined}
            className="w-full rounded-md border bg-transparent px-3 py-2 text-sm"
          />
          {commentError && <p className="text-sm text-destructive">{commentError}</p>}
          <div className="flex gap-2">
            <Button type="submit" size="sm" variant="destructive" disabled={pending}>
              Reject the change
            </Button>
            <Button type="button" size="sm" variant="outline" disabled={pending} onClick={() => setRejecting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      <FormError message={refusal?.message} />
      <ConfirmDialog
        confirm={
          confirming
            ? {
                title: "Approve this change?",
                body: `${what}. It is performed now, under your session, and the audit row names you both.`,
                action: "Approve",
              }
            : undefined
        }
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          if (approve) decide("approving", () => approve({ id }));
        }}
      />
    </div>
  );
}
