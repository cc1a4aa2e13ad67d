"use client";

import "@/lib/security/browser-zod.shared";
import { useState } from "react";
import { FormError } from "@/components/forms/form-error";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { walletInputSchema } from "@/lib/sandbox/sandbox-inputs.shared";
import { useSandboxAction, type SandboxResult } from "./use-sandbox-action";

/** Sets the simulator's wallet, in credits (PUT /_sim/wallet). */
export function WalletForm({
  credits,
  save,
}: {
  credits: number;
  save: (input: { credits: number }) => Promise<SandboxResult<{ balance: number }>>;
}) {
  const [value, setValue] = useState(String(credits));
  const action = useSandboxAction(walletInputSchema, save);
  return (
    <form
      noValidate
      aria-label="Set the wallet"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        action.submit({ credits: value.trim() === "" ? Number.NaN : Number(value) });
      }}
    >
      <div className="w-48">
        <FormField
          label="Wallet (credits)"
          name="credits"
          type="number"
          min={0}
          step="any"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          errors={action.fieldErrors.credits}
        />
      </div>
      <Button type="submit" disabled={action.pending}>
        Set wallet
      </Button>
      {action.saved && (
        <p role="status" className="text-sm">
          Wallet set to {action.saved.balance.toLocaleString("en")} credits.
        </p>
      )}
      <FormError message={action.failure} className="w-full text-sm text-destructive" />
    </form>
  );
}
