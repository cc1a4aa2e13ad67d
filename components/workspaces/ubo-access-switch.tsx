"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import type { ActionResult } from "@/lib/auth/role-action";
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
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const [text, setText] = useState("");
  const [refusal, setRefusal] = useState<string>();
  const [done, setDone] = useState<string>();
  const [pending, startTransition] = useTransition();
  const turningOn = !enabled;
  const label = turningOn ? `Legal basis for UBO access of ${name}` : `Why turn UBO access off for ${name}`;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!text.trim()) return setRefusal(`${turningOn ? "Give the legal basis" : "Say why"}: nothing was sent.`);
    startTransition(async () => {
      const result = await request(turningOn ? { name, uboEnabled: true, legalBasis: text } : { name, uboEnabled: false, reason: text });
      if (!result.ok) {
        const field = result.fieldErrors?.legalBasis ?? result.fieldErrors?.reason;
        return setRefusal(field?.join(" ") ?? (result.registry ? `${result.code}: ${result.error}` : result.error));
      }
      setAsking(false);
      setText("");
      setDone(result.data.state === "pending" ? "Asked: waiting for a second admin." : (result.data.warning ?? "Done."));
      router.refresh();
    });
  }

  if (!asking) {
    return (
      <div className="space-y-1">
        <Button type="button" size="sm" variant="outline" onClick={() => (setRefusal(undefined), setDone(undefined), setAsking(true))}>
          {turningOn ? "Turn on…" : "Turn off…"}
          <span className="sr-only"> UBO access of {name}</span>
        </Button>
        {done && (
          <p role="status" className="text-xs">
            {done}
          </p>
        )}
      </div>
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
        onChange={(event) => (setText(event.target.value), setRefusal(undefined))}
        maxLength={2000}
        rows={2}
        aria-invalid={refusal ? true : undefined}
        className="w-full rounded-md border bg-transparent px-3 py-2 text-sm"
      />
      <FormError message={refusal} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {turningOn ? "Ask to turn on" : "Ask to turn off"}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={pending} onClick={() => setAsking(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
