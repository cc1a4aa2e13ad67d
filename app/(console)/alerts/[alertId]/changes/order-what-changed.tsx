"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ConfirmDialog } from "@/components/forms/confirm-dialog";
import { FormError } from "@/components/forms/form-error";
import { credits } from "@/components/money/credits";
import { Button } from "@/components/ui/button";
import type { orderWhatChangedAction } from "./actions";

/** `profileCap`: the profile blocks' part of the total, sent as their spend cap (the graph spends as it explores). */
type Props = { alertId: number; total: number; profileCap: number; mode: string; what: string; order: typeof orderWhatChangedAction };

/** The order button: nothing is spent before the user confirms the total in a dialog. */
export function OrderWhatChanged({ alertId, total, profileCap, mode, what, order }: Props) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();

  function confirmed() {
    setConfirming(false);
    setError(undefined);
    startTransition(async () => {
      const result = await order({ alertId, quotedTotal: total, profileMaxBudget: profileCap, mode });
      if (result.ok) router.refresh();
      else setError(result.registry ? `${result.code}: ${result.error}` : result.error);
    });
  }

  return (
    <div className="space-y-2">
      <Button type="button" onClick={() => setConfirming(true)} disabled={pending}>
        {pending ? "Ordering…" : `Order what changed for ${credits(total)}`}
      </Button>
      <FormError message={error} />
      <ConfirmDialog
        confirm={
          confirming
            ? {
                title: `Order for ${credits(total)}?`,
                body: `${what}, re-retrieved to compare with the earlier snapshot. The profile blocks are capped at ${credits(profileCap)}. Credits are spent when you confirm.`,
                action: `Spend ${credits(total)}`,
              }
            : undefined
        }
        onConfirm={confirmed}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
