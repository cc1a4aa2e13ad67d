"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ConfirmDialog } from "@/components/forms/confirm-dialog";
import { FormError } from "@/components/forms/form-error";
import { credits } from "@/lib/vocabulary/units.shared";
import { Button } from "@/components/ui/button";
import type { ReretrievalConfirmation } from "@/lib/alerts/what-changed-caps";
import type { orderWhatChangedAction } from "./actions";

/** `confirmation`: the server's quote (mode, total and caps), sent back as it is when the user confirms it. */
type Props = { alertId: number; confirmation: ReretrievalConfirmation; label: string; what: string; order: typeof orderWhatChangedAction };

/**
 * The order button: nothing is spent before the user confirms the total in a dialog. When the registry refuses a
 * price shown free again, the page is read again: it then offers the real price in place, with the same confirm step.
 */
export function OrderWhatChanged({ alertId, confirmation, label, what, order }: Props) {
  const total = confirmation.quotedTotal;
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();

  function confirmed() {
    setConfirming(false);
    setError(undefined);
    startTransition(async () => {
      const result = await order({ alertId, ...confirmation });
      // In words only: the registry's codes and cap names never reach the page.
      if (result.ok || result.code === "requoted") router.refresh();
      else setError(result.error);
    });
  }

  return (
    <div className="space-y-2">
      <Button type="button" onClick={() => setConfirming(true)} disabled={pending}>
        {pending ? "Ordering…" : label}
      </Button>
      <FormError message={error} />
      <ConfirmDialog
        confirm={
          confirming
            ? {
                title: `Order for ${credits(total)}?`,
                body: `${what}, re-retrieved to compare with the earlier snapshot. The request is capped at ${credits(total)}: the profile blocks at ${credits(confirmation.profileMaxBudget)}${graphCap(confirmation)}. Credits are spent when you confirm.`,
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

/** The graph's part of the dialog's caps sentence, when the order has a graph. */
const graphCap = ({ graphMaxBudget }: ReretrievalConfirmation) =>
  graphMaxBudget > 0 ? `, the ownership graph at ${credits(graphMaxBudget)} (it stops there; expand it later from the dossier)` : "";
