"use client";

import { useState } from "react";
import { FormError } from "@/components/forms/form-error";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { ActionResult } from "@/lib/forms/action-result";
import { reasonNeeded } from "@/lib/connections/connection-input.shared";
import type { ConnectionView } from "@/lib/connections/manage-connections";
import type { SubmittedOutcome } from "@/lib/dual-control/submitted-outcome";

/**
 * Asks to delete a connection, with the reason a second admin reads before approving. The connection stays as it
 * is until then (or goes at once where dual control cannot apply, with the warning).
 */
export function DeleteConnectionDialog(props: {
  connection: ConnectionView;
  onClose: () => void;
  request: (input: { id: string; reason: string }) => Promise<ActionResult<SubmittedOutcome>>;
  onSent: (outcome: SubmittedOutcome) => void;
}) {
  const { connection } = props;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "").trim();
    if (!reason) {
      setFieldErrors({ reason: [reasonNeeded] });
      return setError("Nothing was sent.");
    }
    setPending(true);
    const result = await props.request({ id: connection.id, reason });
    setPending(false);
    if (!result.ok) {
      setError(result.error);
      return setFieldErrors(result.fieldErrors ?? {});
    }
    props.onSent(result.data);
  }

  return (
    <Dialog open onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Delete {connection.name}?</DialogTitle>
          <DialogDescription>
            Its encrypted key and secret are removed, and users working with it switch to the default connection
            {connection.isDefault ? " (the oldest other connection becomes the default)" : ""}. A second admin approves it first.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <FormField label="Why delete it" name="reason" maxLength={500} errors={fieldErrors.reason} />
          <FormError message={error} />
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending ? "Sending…" : "Ask to delete"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
