"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError } from "@/components/forms/form-error";
import { FormField } from "@/components/forms/form-field";
import { changePasswordAction } from "./actions";

export function ChangePasswordForm({ email, required }: { email: string; required: boolean }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    const result = await changePasswordAction({
      currentPassword: String(form.get("currentPassword") ?? ""),
      newPassword: String(form.get("newPassword") ?? ""),
      confirmPassword: String(form.get("confirmPassword") ?? ""),
    });
    setPending(false);
    if (result.ok) {
      router.replace("/");
      router.refresh();
      return;
    }
    setError(result.error);
    setFieldErrors(result.fieldErrors ?? {});
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Choose a new password</CardTitle>
        <CardDescription>
          {required
            ? `You signed in as ${email} with a one-time password. Choose your own before you continue.`
            : `Change the password of ${email}.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="space-y-4">
          <FormField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            errors={fieldErrors.currentPassword}
          />
          <FormField
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            minLength={12}
            errors={fieldErrors.newPassword}
            hint="At least 12 characters."
          />
          <FormField
            label="Repeat the new password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            errors={fieldErrors.confirmPassword}
          />
          <FormError message={error} />
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? "Saving…" : "Save the new password"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
