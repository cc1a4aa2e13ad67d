"use client";

import { useId, useState } from "react";
import { ChangeFormButtons, ChangeFormOpener } from "@/components/dual-control/change-form-parts";
import { useSubmittedChange } from "@/components/dual-control/use-submitted-change";
import { FormError } from "@/components/forms/form-error";
import { Label } from "@/components/ui/label";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SubmittedOutcome } from "@/lib/dual-control/submitted-outcome";

export type RequestUboAccess = (
  input: { name: string; uboEnabled: true; legalBasis: string } | { name: string; uboEnabled: false; reason: string },
) => Promise<ActionResult<SubmittedOutcome>>;

/**
 * An admin's UBO-access switch for one workspace. Turning it on asks the legal basis (audited), turning it off a
 * reason; either becomes a change waiting for a second admin, or goes through at once where dual control does not
 * apply (with the one-admin warning shown).
 */
export function UboAccessSwitch({ name, enabled, request }: { name: string; enabled: boolean; request: RequestUboAccess }) {
  const fieldId = useId();
  const [asking, setAsking] = useState(false);
  const [text, setText] = useState("");
  const change = useSubmittedChange(request, { pending: "Asked: waiting for a second admin.", performed: () => "Done." });
  const turningOn = !enabled;
  const label = turningOn ? `Legal basis for UBO access of ${name}` : `Why turn UBO access off for ${name}`;
  const fieldRefusal = (change.refusal?.fieldErrors?.legalBasis ?? change.refusal?.fieldErrors?.reason)?.join(" ");

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!text.trim()) return change.setRefusal({ message: `${turningOn ? "Give the legal basis" : "Say why"}: nothing was sent.` });
    const input = turningOn
      ? ({ name, uboEnabled: true, legalBasis: text } as const)
      : ({ name, uboEnabled: false, reason: text } as const);
    change.submit(input, () => (setAsking(false), setText("")));
  }

  if (!asking) {
    return (
      <ChangeFormOpener outcome={change.outcome} onOpen={() => (change.reset(), setAsking(true))}>
        {turningOn ? "Turn on…" : "Turn off…"}
        <span className="sr-only"> UBO access of {name}</span>
      </ChangeFormOpener>
    );
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={turningOn ? `Turn on UBO access of ${name}` : `Turn off UBO access of ${name}`}
      className="min-w-64 space-y-2"
    >
      {turningOn && (
        <p className="text-xs">Enable UBO access only for entities obliged under anti-money-laundering law. The legal basis is audited.</p>
      )}
      <Label htmlFor={`${fieldId}-text`}>{label}</Label>
      <textarea
        id={`${fieldId}-text`}
        value={text}
        onChange={(event) => (setText(event.target.value), change.setRefusal(undefined))}
        maxLength={2000}
        rows={2}
        aria-invalid={change.refusal ? true : undefined}
        className="w-full rounded-md border bg-transparent px-3 py-2 text-sm"
      />
      <FormError message={fieldRefusal ?? change.refusal?.message} />
      <ChangeFormButtons
        label={turningOn ? "Ask to turn on" : "Ask to turn off"}
        pending={change.pending}
        onCancel={() => setAsking(false)}
      />
    </form>
  );
}
