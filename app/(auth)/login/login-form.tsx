"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { signInWithCredentials, signInWithSso } from "@/lib/auth/client-session.shared";

export function LoginForm(props: { callbackUrl: string; initialError?: string; ssoEnabled: boolean }) {
  const router = useRouter();
  const [error, setError] = useState(props.initialError);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(undefined);
    const failure = await signInWithCredentials(String(form.get("email") ?? ""), String(form.get("password") ?? ""));
    if (!failure) {
      router.replace(props.callbackUrl);
      router.refresh();
      return;
    }
    setPending(false);
    setError(failure);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign in</CardTitle>
        <CardDescription>Use the email and password your administrator gave you.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={onSubmit} className="space-y-4" aria-describedby={error ? "login-error" : undefined}>
          <div className="space-y-2">
            <Label htmlFor="email">Email</Label>
            <Input id="email" name="email" type="email" autoComplete="username" required autoFocus />
          </div>
          <div className="space-y-2">
            <Label htmlFor="password">Password</Label>
            <Input id="password" name="password" type="password" autoComplete="current-password" required />
          </div>
          <FormError id="login-error" message={error} className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive" />
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? "Signing in…" : "Sign in"}
          </Button>
        </form>
        {props.ssoEnabled && (
          <Button variant="outline" className="w-full" onClick={() => signInWithSso(props.callbackUrl)}>
            Sign in with single sign-on
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
