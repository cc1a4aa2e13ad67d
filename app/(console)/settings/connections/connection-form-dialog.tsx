"use client";

// First: zod without its JIT, whose eval probe the CSP reports (lib/security/browser-zod.shared.ts).
import "@/lib/security/browser-zod.shared";
import { useState } from "react";
import { FormError } from "@/components/forms/form-error";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { connectionEnvironments } from "@/db/vocabulary";
import {
  baseUrlChangeProblems,
  connectionInputSchema,
  reasonNeeded,
  type ConnectionInput,
} from "@/lib/connections/connection-input.shared";
import type { ConnectionView } from "@/lib/connections/manage-connections";
import type { ActionResult } from "@/lib/forms/action-result";

function fieldErrorsOf(issues: { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
  return errors;
}

/** Add or edit a connection. Secrets are write-only: leaving them empty keeps what is stored. */
export function ConnectionFormDialog(props: {
  editing?: ConnectionView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** `reason`: why the change is asked for (a new connection, or an edit's address, key, environment or default, waits for a second admin). */
  submit: (input: ConnectionInput, reason: string) => Promise<ActionResult<unknown>>;
  onSaved: (name: string, result: unknown) => void;
}) {
  const { editing } = props;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [clearSecret, setClearSecret] = useState(false);
  const [isDefault, setIsDefault] = useState(editing?.isDefault ?? false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input: ConnectionInput = {
      name: String(form.get("name") ?? ""),
      environment: String(form.get("environment") ?? "") as ConnectionInput["environment"],
      baseUrl: String(form.get("baseUrl") ?? ""),
      apiKey: String(form.get("apiKey") ?? ""),
      webhookSecret: String(form.get("webhookSecret") ?? ""),
      clearWebhookSecret: clearSecret,
      isDefault,
    };
    // Checked here for comfort; the server checks the same schema again.
    const local = connectionInputSchema.safeParse(input);
    const missing: Record<string, string[]> = editing
      ? baseUrlChangeProblems(editing, input)
      : {
          ...(!input.apiKey && { apiKey: ["Enter the API key."] }),
          ...(!String(form.get("reason") ?? "").trim() && { reason: [reasonNeeded] }),
        };
    if (!local.success || Object.keys(missing).length) {
      setFieldErrors({ ...(local.success ? {} : fieldErrorsOf(local.error.issues)), ...missing });
      setError("Please correct the highlighted fields.");
      return;
    }
    setPending(true);
    const result = await props.submit(input, String(form.get("reason") ?? ""));
    setPending(false);
    if (!result.ok) {
      setError(result.error);
      setFieldErrors(result.fieldErrors ?? {});
      return;
    }
    props.onOpenChange(false);
    props.onSaved(input.name, result.data);
  }

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {/* Scrolls when the edit form with its messages is taller than the window, so Save stays reachable. */}
      <DialogContent className="max-h-[90vh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{editing ? `Edit ${editing.name}` : "Add a connection"}</DialogTitle>
          <DialogDescription>
            The API key and the webhook signing secret are encrypted before they are stored and are never shown again.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <FormField label="Name" name="name" defaultValue={editing?.name} errors={fieldErrors.name} />
          <div className="space-y-2">
            <Label htmlFor="connection-environment">Environment</Label>
            <NativeSelect
              id="connection-environment"
              name="environment"
              defaultValue={editing?.environment ?? "production"}
              className="w-full"
            >
              {connectionEnvironments.map((e) => (
                <option key={e} value={e}>
                  {e === "production" ? "Production" : "Sandbox (development environment)"}
                </option>
              ))}
            </NativeSelect>
          </div>
          <FormField
            label="Base URL"
            name="baseUrl"
            type="url"
            defaultValue={editing?.baseUrl}
            placeholder="https://api.example.com"
            errors={fieldErrors.baseUrl}
            hint={
              editing
                ? `A new base URL needs the API key${editing.hasWebhookSecret ? " and the signing secret" : ""} entered again: stored secrets are never sent to another address.`
                : undefined
            }
          />
          <FormField
            label="API key"
            name="apiKey"
            type="password"
            autoComplete="off"
            required={!editing}
            errors={fieldErrors.apiKey}
            hint={editing ? `Stored: ${editing.apiKeyHint}. Leave empty to keep it.` : undefined}
          />
          <FormField
            label="Webhook signing secret (optional)"
            name="webhookSecret"
            type="password"
            autoComplete="off"
            required={false}
            errors={fieldErrors.webhookSecret}
            hint={
              editing?.hasWebhookSecret
                ? "A secret is set. Leave empty to keep it."
                : "Starts with whsec_; shown by the vendor under Developers → Webhooks."
            }
          />
          {editing?.hasWebhookSecret && (
            <div className="flex items-center gap-2">
              <Checkbox id="clear-secret" checked={clearSecret} onCheckedChange={(v) => setClearSecret(v === true)} />
              <Label htmlFor="clear-secret">Remove the stored signing secret</Label>
            </div>
          )}
          <FormField
            label="Reason for the change"
            name="reason"
            required={!editing}
            maxLength={500}
            errors={fieldErrors.reason}
            hint={
              editing
                ? "Needed for a new base URL or API key, another environment or making it the default: each waits for a second admin's approval. The name and a signing secret rotation apply at once."
                : "A second admin reads it before approving: the connection exists, and anyone can use it, only once approved."
            }
          />
          <div className="flex items-center gap-2">
            <Checkbox id="is-default" checked={isDefault} onCheckedChange={(v) => setIsDefault(v === true)} disabled={editing?.isDefault} />
            <Label htmlFor="is-default">Default connection for everyone</Label>
          </div>
          <FormError message={error} />
          <DialogFooter>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving…" : editing ? "Save changes" : "Add connection"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
