"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { AssignSelect } from "@/components/alerts/assign-select";
import { ResolveForm, textareaClass } from "@/components/alerts/resolve-form";
import { describeResult, type Assignee, type TriageActions, type TriageResult } from "@/components/alerts/triage-controls";
import { Button } from "@/components/ui/button";
import type { AlertState } from "@/lib/alerts/labels";
import { transitionRefusal } from "@/lib/alerts/transitions";
import { cn } from "@/lib/cn";

export type AlertPageActions = TriageActions & {
  comment: (input: { alertId: number; comment: string }) => Promise<TriageResult>;
};

/** The alert page's controls: assign, move to in review, resolve, comment. The server checks every rule again. */
export function AlertTriage({
  alertId,
  state,
  assigneeId,
  users,
  viewerId,
  actions,
}: {
  alertId: number;
  state: AlertState;
  assigneeId: string | null;
  users: readonly Assignee[];
  viewerId: string;
  actions: AlertPageActions;
}) {
  const router = useRouter();
  const id = useId();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<{ message: string; failed: boolean }>();
  const [comment, setComment] = useState("");
  const alertIds = [alertId];

  const run = (verb: string, call: () => Promise<TriageResult>, after?: () => void) =>
    startTransition(async () => {
      const result = await call();
      const described = describeResult(result, verb);
      setMessage(result.ok && !described.failed ? undefined : described);
      if (!described.failed) after?.();
      router.refresh();
    });

  const open = state !== "resolved";
  return (
    <section aria-label="Triage" className="space-y-4 rounded-md border p-4">
      {open && (
        <div className="flex flex-wrap items-end gap-4">
          <AssignSelect
            users={users}
            viewerId={viewerId}
            current={assigneeId}
            disabled={pending}
            label="Assignee"
            onAssign={(assigneeId) => run("assigned", () => actions.assign({ alertIds, assigneeId }))}
          />
          {assigneeId !== viewerId && users.some((u) => u.id === viewerId) && (
            <Button
              variant="outline"
              disabled={pending}
              onClick={() => run("assigned", () => actions.assign({ alertIds, assigneeId: viewerId }))}
            >
              Assign to me
            </Button>
          )}
          {!transitionRefusal(state, "in_review") && (
            <Button variant="outline" disabled={pending} onClick={() => run("moved to in review", () => actions.review({ alertIds }))}>
              Move to in review
            </Button>
          )}
        </div>
      )}
      {open && (
        <ResolveForm
          count={1}
          pending={pending}
          onResolve={(resolution) => run("resolved", () => actions.resolve({ alertIds, ...resolution }))}
        />
      )}
      <form
        className="space-y-2"
        aria-label="Comment"
        onSubmit={(event) => {
          event.preventDefault();
          run(
            "commented",
            () => actions.comment({ alertId, comment }),
            () => setComment(""),
          );
        }}
      >
        <label htmlFor={`${id}-comment`} className="text-sm font-medium">
          Comment
        </label>
        <textarea
          id={`${id}-comment`}
          className={textareaClass}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={5000}
          required
        />
        <Button type="submit" variant="outline" disabled={pending}>
          Add comment
        </Button>
      </form>
      {message && (
        <p role={message.failed ? "alert" : "status"} className={cn("text-sm", message.failed && "text-destructive")}>
          {message.message}
        </p>
      )}
    </section>
  );
}
