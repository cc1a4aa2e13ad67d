"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ConfirmDialog } from "@/components/forms/confirm-dialog";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { stopMonitorAction } from "./actions";
import { errorText } from "@/lib/vocabulary/words.shared";

/** Stops the monitor (`DELETE`), after a confirmation naming the company. */
export function StopMonitorButton({ monitorId, companyLabel }: { monitorId: string; companyLabel: string }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();

  function stop() {
    setConfirming(false);
    startTransition(async () => {
      const result = await stopMonitorAction({ monitorId });
      if (!result.ok) return setError(result.registry ? errorText(result.code, result.error) : result.error);
      setError(undefined);
      router.refresh();
    });
  }

  return (
    <div className="space-y-2">
      <Button variant="destructive" onClick={() => setConfirming(true)} disabled={pending}>
        {pending ? "Stopping…" : "Stop monitoring"}
      </Button>
      <FormError message={error} />
      <ConfirmDialog
        confirm={
          confirming
            ? {
                title: "Stop monitoring?",
                body: `The registry stops checking ${companyLabel} and sends no more notifications for it. Its alerts stay in the inbox. Starting again later creates a new monitor.`,
                action: "Stop monitoring",
              }
            : undefined
        }
        onConfirm={stop}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
