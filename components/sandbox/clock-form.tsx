"use client";

import "@/lib/security/browser-zod.shared";
import { useState } from "react";
import { FormError } from "@/components/forms/form-error";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { advanceInputSchema, clockPresets } from "@/lib/sandbox/sandbox-inputs.shared";
import { useSandboxAction, type SandboxResult } from "./use-sandbox-action";

type Advanced = { now: string; offsetSeconds: number };

/** Moves the simulator's clock forward (POST /_sim/advance): what is due then runs, monitor checks included. */
export function ClockForm({ advance }: { advance: (input: { seconds: number }) => Promise<SandboxResult<Advanced>> }) {
  const [seconds, setSeconds] = useState("");
  const action = useSandboxAction(advanceInputSchema, advance);
  return (
    <form
      noValidate
      aria-label="Advance the clock"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        action.submit({ seconds: seconds.trim() === "" ? Number.NaN : Number(seconds) });
      }}
    >
      {clockPresets.map((preset) => (
        <Button
          key={preset.seconds}
          type="button"
          variant="outline"
          disabled={action.pending}
          onClick={() => action.submit({ seconds: preset.seconds })}
        >
          Advance {preset.label}
        </Button>
      ))}
      <div className="w-48">
        <FormField
          label="Seconds"
          name="seconds"
          type="number"
          min={1}
          step={1}
          value={seconds}
          onChange={(e) => setSeconds(e.target.value)}
          errors={action.fieldErrors.seconds}
        />
      </div>
      <Button type="submit" disabled={action.pending}>
        Advance
      </Button>
      {action.saved && (
        <p role="status" className="w-full text-sm">
          The simulator&apos;s clock now reads {action.saved.now} ({action.saved.offsetSeconds.toLocaleString("en")} s ahead of real time).
        </p>
      )}
      <FormError message={action.failure} className="w-full text-sm text-destructive" />
    </form>
  );
}
