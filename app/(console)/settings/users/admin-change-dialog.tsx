"use client";

import { useState } from "react";
import { FormError } from "@/components/forms/form-error";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

export type AdminChange = { title: string; body: string; action: string };

/**
 * Asks for the reason of a change that affects an admin (their role, status or password): it waits for a second
 * admin, who reads the reason before approving. Open while `change` is set; `send` gets the reason typed.
 */
export function AdminChangeDialog({
  change,
  pending,
  refusal,
  onSend,
  onCancel,
}: {
  change?: AdminChange;
  pending: boolean;
  refusal?: { message: string; fieldErrors?: Record<string, string[]> };
  onSend: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setMissing(true);
    onSend(reason.trim());
  }

  return (
    <Dialog open={Boolean(change)} onOpenChange={(open) => !open && (setReason(""), setMissing(false), onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{change?.title}</DialogTitle>
          <DialogDescription>
            {change?.body} This affects an admin, so it waits for a second admin&apos;s approval (unless you are the only admin).
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4" aria-label={change?.title}>
          <FormField
            label="Why (the approving admin reads this)"
            name="reason"
            value={reason}
            maxLength={1000}
            autoComplete="off"
            onChange={(event) => (setReason(event.target.value), setMissing(false))}
            errors={missing ? ["Say why this change is needed."] : refusal?.fieldErrors?.reason}
          />
          <FormError message={refusal?.message} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Sending…" : change?.action}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
