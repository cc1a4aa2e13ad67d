"use client";

import "@/lib/security/browser-zod.shared";
import { useState } from "react";
import { FormError } from "@/components/forms/form-error";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { chaosInputSchema } from "@/lib/sandbox/sandbox-inputs.shared";
import { useSandboxAction, type SandboxResult } from "./use-sandbox-action";

type Chaos = { duplicateRate: number; reorderWindowMs: number };

const asNumber = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** The simulator's webhook chaos (PUT /_sim/chaos): duplicate deliveries and out-of-order delays. */
export function ChaosForm({ save }: { save: (input: Chaos) => Promise<SandboxResult<Chaos>> }) {
  const [rate, setRate] = useState("0");
  const [reorder, setReorder] = useState("0");
  const action = useSandboxAction(chaosInputSchema, save);
  return (
    <form
      noValidate
      aria-label="Chaos settings"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        action.submit({ duplicateRate: asNumber(rate), reorderWindowMs: asNumber(reorder) });
      }}
    >
      <div className="w-48">
        <FormField
          label="Duplicate rate (0–1)"
          name="duplicateRate"
          type="number"
          min={0}
          max={1}
          step="any"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
          errors={action.fieldErrors.duplicateRate}
        />
      </div>
      <div className="w-48">
        <FormField
          label="Reorder window (ms)"
          name="reorderWindowMs"
          type="number"
          min={0}
          step={1}
          value={reorder}
          onChange={(e) => setReorder(e.target.value)}
          errors={action.fieldErrors.reorderWindowMs}
        />
      </div>
      <Button type="submit" disabled={action.pending}>
        Set chaos
      </Button>
      {action.saved && (
        <p role="status" className="w-full text-sm">
          Chaos set: duplicate rate {action.saved.duplicateRate}, reorder window {action.saved.reorderWindowMs} ms.
        </p>
      )}
      <FormError message={action.failure} className="w-full text-sm text-destructive" />
    </form>
  );
}
