"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SubmittedOutcome } from "@/lib/dual-control/submitted-outcome";
import { errorText } from "@/lib/vocabulary/words.shared";

/** Why nothing was sent or done: a message (a check in the browser, or the action's refusal) and any field errors. */
export type ChangeRefusal = { message: string; fieldErrors?: Record<string, string[]> };

/**
 * Sending a change that may wait for a second admin (dual control) from a client form: `submit` calls the action,
 * keeps its refusal (the registry's refusals as `code: message`) or says what happened, pending or performed
 * (with the one-admin warning where dual control could not apply), and refreshes the page. One behaviour for
 * every such form: the UBO switch, deleting a workspace, turning dual control off.
 */
export function useSubmittedChange<Input>(
  request: (input: Input) => Promise<ActionResult<SubmittedOutcome>>,
  words: { pending: string; performed: (input: Input) => string },
) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [refusal, setRefusal] = useState<ChangeRefusal>();
  const [outcome, setOutcome] = useState<string>();

  function submit(input: Input, onSent?: () => void) {
    startTransition(async () => {
      const result = await request(input);
      if (!result.ok) {
        return setRefusal({
          message: result.registry ? errorText(result.code, result.error) : result.error,
          fieldErrors: result.fieldErrors,
        });
      }
      setRefusal(undefined);
      onSent?.();
      setOutcome(result.data.state === "pending" ? words.pending : (result.data.warning ?? words.performed(input)));
      router.refresh();
    });
  }

  /** Forgets the last refusal and outcome (the form opens afresh). */
  const reset = () => (setRefusal(undefined), setOutcome(undefined));

  return { pending, refusal, setRefusal, outcome, setOutcome, reset, submit };
}
