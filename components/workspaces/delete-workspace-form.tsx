"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionResult } from "@/lib/auth/role-action";
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
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [confirmName, setConfirmName] = useState("");
  const [reason, setReason] = useState("");
  const [refusal, setRefusal] = useState<{ message: string; fieldErrors?: Record<string, string[]> }>();
  const [done, setDone] = useState<string>();
  const [pending, startTransition] = useTransition();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (confirmName !== name) return setRefusal({ message: "Type the workspace's name exactly as shown to confirm: nothing was sent." });
    if (!reason.trim()) return setRefusal({ message: "Say why the workspace should be deleted: nothing was sent." });
    startTransition(async () => {
      const result = await request({ name, confirmName, reason });
      if (!result.ok) {
        return setRefusal({ message: result.registry ? `${result.code}: ${result.error}` : result.error, fieldErrors: result.fieldErrors });
      }
      setOpen(false);
      setDone(result.data.state === "pending" ? "Asked: waiting for a second admin." : (result.data.warning ?? "Deleted."));
      router.refresh();
    });
  }

  if (!open) {
    return (
      <div className="space-y-1">
        <Button type="button" size="sm" variant="outline" onClick={() => (setRefusal(undefined), setDone(undefined), setOpen(true))}>
          Delete…<span className="sr-only"> workspace {name}</span>
        </Button>
        {done && (
          <p role="status" className="text-xs">
            {done}
          </p>
        )}
      </div>
    );
  }
  const fieldError = (field: string) => refusal?.fieldErrors?.[field]?.join(" ");
  return (
    <form onSubmit={submit} noValidate aria-label={`Delete workspace ${name}`} className="min-w-64 space-y-2">
      <Label htmlFor={`${fieldId}-confirm`}>Type {name} to confirm</Label>
      <Input
        id={`${fieldId}-confirm`}
        value={confirmName}
        autoComplete="off"
        onChange={(event) => (setConfirmName(event.target.value), setRefusal(undefined))}
        aria-invalid={fieldError("confirmName") ? true : undefined}
      />
      <Label htmlFor={`${fieldId}-reason`}>Why delete it</Label>
      <textarea
        id={`${fieldId}-reason`}
        value={reason}
        onChange={(event) => (setReason(event.target.value), setRefusal(undefined))}
        maxLength={2000}
        rows={2}
        className="w-full rounded-md border bg-transparent px-3 py-2 text-sm"
      />
      <FormError message={fieldError("confirmName") ?? fieldError("reason") ?? refusal?.message} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="destructive" disabled={pending}>
          Ask to delete
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={pending} onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
