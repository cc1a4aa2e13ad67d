"use client";

import { useId, useState } from "react";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import type { ActionResult } from "@/lib/forms/action-result";
import type { DualControlMode } from "@/lib/dual-control/dual-control-mode";
import type { SubmittedOutcome } from "@/lib/dual-control/submitted-outcome";
import { ChangeFormButtons } from "./change-form-parts";
import { useSubmittedChange } from "./use-submitted-change";

export type SetDualControl = (input: { enabled: true } | { enabled: false; reason: string }) => Promise<ActionResult<SubmittedOutcome>>;

/**
 * Dual control on or off. Turning it on is immediate; turning it off asks why and waits for a second admin (said
 * so here when it is already waiting). With one active admin the page says dual control cannot apply.
 */
export function DualControlSetting({ mode, offPending, set }: { mode: DualControlMode; offPending: boolean; set: SetDualControl }) {
  const fieldId = useId();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const change = useSubmittedChange(set, {
    pending: "Asked: dual control stays on until a second admin approves turning it off.",
    performed: (input) => (input.enabled ? "Dual control is on." : "Dual control is off."),
  });
  const run = (input: Parameters<SetDualControl>[0]) => change.submit(input, () => setAsking(false));

  function submitOff(event: React.FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return change.setRefusal({ message: "Say why dual control should be off: nothing was sent." });
    run({ enabled: false, reason });
  }

  return (
    <div className="space-y-3">
      <p className="text-sm">
        {mode === "off" && "Dual control is off: sensitive changes go through at once, noted in their audit rows."}
        {mode === "applies" && "Dual control is on: sensitive changes wait for a second admin's approval for 24 hours."}
        {mode === "single_admin" &&
          "Dual control is on, but this console has only one active admin, so it cannot apply: sensitive changes go through at once, with a warning in their audit rows."}
      </p>
      {mode === "off" ? (
        <Button type="button" size="sm" disabled={change.pending} onClick={() => run({ enabled: true })}>
          Turn dual control on
        </Button>
      ) : offPending ? (
        <p className="text-sm text-muted-foreground">Turning dual control off is waiting for a second admin (below).</p>
      ) : asking ? (
        <form onSubmit={submitOff} noValidate className="max-w-xl space-y-2" aria-label="Turn dual control off">
          <Label htmlFor={`${fieldId}-reason`}>Why turn it off (a second admin must approve)</Label>
          <textarea
            id={`${fieldId}-reason`}
            value={reason}
            onChange={(event) => (setReason(event.target.value), change.setRefusal(undefined))}
            maxLength={1000}
            rows={2}
            className="w-full rounded-md border bg-transparent px-3 py-2 text-sm"
          />
          <ChangeFormButtons label="Ask to turn it off" destructive pending={change.pending} onCancel={() => setAsking(false)} />
        </form>
      ) : (
        <Button type="button" size="sm" variant="outline" onClick={() => (change.setOutcome(undefined), setAsking(true))}>
          Turn dual control off…
        </Button>
      )}
      <FormError message={change.refusal?.fieldErrors?.reason?.join(" ") ?? change.refusal?.message} />
      {change.outcome && (
        <p role="status" className="text-sm">
          {change.outcome}
        </p>
      )}
    </div>
  );
}
