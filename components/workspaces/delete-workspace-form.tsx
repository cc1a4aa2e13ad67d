"use client";

import { useId, useState } from "react";
import { ChangeFormButtons, ChangeFormOpener } from "@/components/dual-control/change-form-parts";
import { useSubmittedChange } from "@/components/dual-control/use-submitted-change";
import { FormError } from "@/components/forms/form-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SubmittedOutcome } from "@/lib/dual-control/submitted-outcome";

export type RequestWorkspaceDelete = (input: {
  name: string;
  confirmName: string;
  reason: string;
}) => Promise<ActionResult<SubmittedOutcome>>;

/**
 * Asks to delete a workspace: its name typed to confirm (checked again on the server) and a reason. It waits for a
 * second admin, or goes through at once where dual control does not apply.
 */
export function DeleteWorkspaceForm({ name, request }: { name: string; request: RequestWorkspaceDelete }) {
  const fieldId = useId();
  const [open, setOpen] = useState(false);
  const [confirmName, setConfirmName] = useState("");
  const [reason, setReason] = useState("");
  const change = useSubmittedChange(request, { pending: "Asked: waiting for a second admin.", performed: () => "Deleted." });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (confirmName !== name)
      return change.setRefusal({ message: "Type the workspace's name exactly as shown to confirm: nothing was sent." });
    if (!reason.trim()) return change.setRefusal({ message: "Say why the workspace should be deleted: nothing was sent." });
    change.submit({ name, confirmName, reason }, () => setOpen(false));
  }

  if (!open) {
    return (
      <ChangeFormOpener outcome={change.outcome} onOpen={() => (change.reset(), setOpen(true))}>
        Delete…<span className="sr-only"> workspace {name}</span>
      </ChangeFormOpener>
    );
  }
  const fieldError = (field: string) => change.refusal?.fieldErrors?.[field]?.join(" ");
  return (
    <form onSubmit={submit} noValidate aria-label={`Delete workspace ${name}`} className="min-w-64 space-y-2">
      <Label htmlFor={`${fieldId}-confirm`}>Type {name} to confirm</Label>
      <Input
        id={`${fieldId}-confirm`}
        value={confirmName}
        autoComplete="off"
        onChange={(event) => (setConfirmName(event.target.value), change.setRefusal(undefined))}
        aria-invalid={fieldError("confirmName") ? true : undefined}
      />
      <Label htmlFor={`${fieldId}-reason`}>Why delete it</Label>
      <textarea
        id={`${fieldId}-reason`}
        value={reason}
        onChange={(event) => (setReason(event.target.value), change.setRefusal(undefined))}
        maxLength={2000}
        rows={2}
        className="w-full rounded-md border bg-transparent px-3 py-2 text-sm"
      />
      <FormError message={fieldError("confirmName") ?? fieldError("reason") ?? change.refusal?.message} />
      <ChangeFormButtons label="Ask to delete" destructive pending={change.pending} onCancel={() => setOpen(false)} />
    </form>
  );
}
