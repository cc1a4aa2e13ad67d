"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import type { changeCategories } from "@/lib/registry/schemas.shared";
import { sendTestNotificationAction } from "./actions";
import { errorText, label } from "@/lib/vocabulary/words.shared";

type ChangeCategory = (typeof changeCategories)[number];

/**
 * Asks the registry for a test notification: chosen categories, optionally as the deactivation variant. The
 * categories come from the page, so the contract's schema library stays off the client.
 */
export function TestNotificationForm({ monitorId, categoryChoices }: { monitorId: string; categoryChoices: readonly ChangeCategory[] }) {
  const router = useRouter();
  const [categories, setCategories] = useState<ChangeCategory[]>(["status"]);
  const [deactivation, setDeactivation] = useState(false);
  const [outcome, setOutcome] = useState<{ sent?: boolean; message?: string }>({});
  const [pending, startTransition] = useTransition();

  const toggle = (category: ChangeCategory, on: boolean) => setCategories((c) => (on ? [...c, category] : c.filter((x) => x !== category)));

  function send(event: React.FormEvent) {
    event.preventDefault();
    startTransition(async () => {
      const result = await sendTestNotificationAction({ monitorId, categories, deactivation });
      setOutcome(result.ok ? { sent: true } : { message: result.registry ? errorText(result.code, result.error) : result.error });
      router.refresh();
    });
  }

  return (
    <form onSubmit={send} className="space-y-3" noValidate aria-label="Send a test notification">
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className="mb-1 text-sm font-medium">Change categories</legend>
        {categoryChoices.map((category) => (
          <span key={category} className="flex items-center gap-2 text-sm">
            <Checkbox
              id={`test-${category}`}
              checked={categories.includes(category)}
              onCheckedChange={(v) => toggle(category, v === true)}
            />
            <Label htmlFor={`test-${category}`}>{label("changeCategory", category)}</Label>
          </span>
        ))}
      </fieldset>
      <span className="flex items-center gap-2 text-sm">
        <Checkbox id="test-deactivation" checked={deactivation} onCheckedChange={(v) => setDeactivation(v === true)} />
        <Label htmlFor="test-deactivation">As the deactivation variant (a final notification; the monitor itself stays active)</Label>
      </span>
      <FormError message={outcome.message} />
      {outcome.sent && (
        <p role="status" className="text-sm text-success">
          Sent. Its alert is marked test in the inbox.
        </p>
      )}
      <Button type="submit" variant="outline" disabled={pending || categories.length === 0}>
        {pending ? "Sending…" : "Send test notification"}
      </Button>
    </form>
  );
}
