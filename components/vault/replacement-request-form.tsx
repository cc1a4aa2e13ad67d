"use client";

import { useId, useTransition } from "react";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/forms/action-result";
import type { ReplacementOutcome } from "@/lib/vault/replace-credentials";
import { label } from "@/lib/vocabulary/words.shared";
import { SourceOutcomeMessage, sourceOutcomeOf, useSourceOutcome, type SourceOutcome } from "./source-outcome";

export type AskReplacement = (input: { workspace: string; sourceKey: string; reason: string }) => Promise<ActionResult<ReplacementOutcome>>;

/** What this form shows of its source's last outcome. */
function shownOutcome(outcome: SourceOutcome | undefined): SourceOutcome | undefined {
  // The reason's own errors show at its field.
  if (outcome && "error" in outcome) return { ...outcome, fieldErrors: undefined };
  // A source whose request still waits gets the waiting note instead of this form: "waiting" here is stale, another
  // admin decided the request (the page follows decisions live).
  if (outcome && "pending" in outcome) return undefined;
  return outcome;
}

/**
 * Asking to replace credentials a workspace holds, where dual control applies: only the reason is sent. No form for
 * the credentials here: a payload is never kept while a change waits, so the approving admin enters it.
 */
export function ReplacementRequestForm({ workspace, sourceKey, ask }: { workspace: string; sourceKey: string; ask: AskReplacement }) {
  const [outcome, setOutcome] = useSourceOutcome(workspace, sourceKey);
  const [pending, startTransition] = useTransition();
  const headingId = useId();

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "");
    setOutcome({ sending: true });
    startTransition(async () => setOutcome(sourceOutcomeOf(await ask({ workspace, sourceKey, reason }), false)));
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} id={`source-${sourceKey}`} className="space-y-3 rounded-md border p-4">
      <h3 id={headingId} className="font-medium">
        Replace {label("vaultSource", sourceKey)}
      </h3>
      <p className="text-sm text-muted-foreground">
        {workspace} holds credentials for {label("vaultSource", sourceKey)}. Replacing them needs a second admin: say why, and the admin who
        approves enters the new credentials.
      </p>
      <FormField
        name="reason"
        label="Why replace them"
        maxLength={500}
        errors={outcome && "error" in outcome ? outcome.fieldErrors?.reason : undefined}
      />
      <Button type="submit" variant="outline" disabled={pending} className="h-auto min-h-9 whitespace-normal text-left">
        Ask to replace credentials for {label("vaultSource", sourceKey)}
      </Button>
      <SourceOutcomeMessage outcome={shownOutcome(outcome)} />
    </form>
  );
}
