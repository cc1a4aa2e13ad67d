"use client";

import { UserPlus } from "lucide-react";
import { useState } from "react";
import { FormError } from "@/components/forms/form-error";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { roles } from "@/db/vocabulary";
import type { ActionResult } from "@/lib/forms/action-result";
import { roleDescriptions, roleLabels, type Role } from "@/lib/auth/roles.shared";
import type { UserChangeOutcome } from "@/lib/users/user-access";
import { createUserAction } from "./actions";

/**
 * Adds a user. An admin is created only through dual control: the form asks why (the approving admin reads it) and
 * takes no password, since an admin's first password is generated for whoever performs the change.
 */
export function CreateUserDialog({ onSent }: { onSent: (result: ActionResult<UserChangeOutcome>, email: string) => void }) {
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<Role>("compliance");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "");
    setPending(true);
    const result = await createUserAction({
      email,
      name: String(form.get("name") ?? ""),
      role,
      password: role === "admin" ? "" : String(form.get("password") ?? ""),
      reason: role === "admin" ? String(form.get("reason") ?? "") : undefined,
    });
    setPending(false);
    if (!result.ok) {
      setError(result.error);
      setFieldErrors(result.fieldErrors ?? {});
      return;
    }
    setOpen(false);
    setError(undefined);
    setFieldErrors({});
    onSent(result, email);
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus className="size-4" aria-hidden /> Add user
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a user</DialogTitle>
          <DialogDescription>Leave the password empty to generate a one-time password the user changes at first sign-in.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <FormField label="Email" name="email" type="email" autoComplete="off" errors={fieldErrors.email} />
          <FormField label="Name" name="name" autoComplete="off" required={false} errors={fieldErrors.name} />
          <div className="space-y-2">
            <Label htmlFor="new-user-role">Role</Label>
            <Select value={role} onValueChange={(v) => setRole(v as Role)}>
              <SelectTrigger id="new-user-role" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {roles.map((r) => (
                  <SelectItem key={r} value={r}>
                    {roleLabels[r]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <p className="text-xs text-muted-foreground">{roleDescriptions[role]}</p>
          </div>
          {role === "admin" ? (
            <FormField
              label="Why (the approving admin reads this)"
              name="reason"
              autoComplete="off"
              maxLength={1000}
              hint="A new admin waits for a second admin's approval. Their one-time password is shown to whoever performs it."
              errors={fieldErrors.reason}
            />
          ) : (
            <FormField
              label="Password (optional)"
              name="password"
              type="password"
              autoComplete="new-password"
              required={false}
              errors={fieldErrors.password}
            />
          )}
          <FormError message={error} />
          <DialogFooter>
            <Button type="submit" disabled={pending}>
              {pending ? "Creating…" : "Create user"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
