"use client";

import { useId, useRef, useState, useTransition } from "react";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionResult } from "@/lib/auth/role-action";
import type { RegistryErrorInfo } from "@/lib/registry/registry-error";
import type { VaultField, VaultSource } from "@/lib/registry/schemas";
import type { StoreCredentialsInput } from "@/lib/vault/payload-schema";
import { fieldControlName, payloadFromForm } from "@/lib/vault/payload-from-form";
import type { StoredCredentials } from "@/lib/vault/store-credentials";

export type StoreCredentials = (input: StoreCredentialsInput) => Promise<ActionResult<StoredCredentials>>;

/** What the form keeps after a submit: the outcome's metadata, never a value that was typed. */
type Outcome = { stored: StoredCredentials } | { error: string; registry?: RegistryErrorInfo; fieldErrors?: Record<string, string[]> };

const inputType = (field: VaultField) =>
  field.type === "email" ? "email" : field.secret || field.type === "password" ? "password" : "text";

/** One input for a field, typed as the source says; a secret is masked, with a switch to show it while typing. */
function CredentialInput({ field, name }: { field: VaultField; name: string }) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const masked = inputType(field) === "password";
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>
        {field.name}{" "}
        {field.required ? (
          <span className="text-muted-foreground">(required)</span>
        ) : (
          <span className="text-muted-foreground">(optional)</span>
        )}
      </Label>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          name={name}
          type={masked && shown ? "text" : inputType(field)}
          required={field.required}
          autoComplete={masked ? "new-password" : "off"}
          spellCheck={false}
          className="max-w-sm"
        />
        {masked && (
          <Button type="button" variant="outline" size="sm" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
            {shown ? "Hide" : "Show"} {field.name}
          </Button>
        )}
      </div>
    </div>
  );
}

/** A list-typed field as repeatable groups of its item's fields. */
function ListField({
  field,
  rows,
  onAdd,
  onRemove,
}: {
  field: VaultField;
  rows: number[];
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  return (
    <fieldset className="space-y-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">
        {field.name} <span className="text-muted-foreground">({field.required ? "required" : "optional"} list)</span>
      </legend>
      {rows.map((index, position) => (
        <div key={index} role="group" aria-label={`${field.name} ${position + 1}`} className="space-y-2 border-l-2 pl-3">
          {field.item!.fields.map((itemField) => (
            <CredentialInput key={itemField.name} field={itemField} name={fieldControlName(itemField.name, { list: field.name, index })} />
          ))}
          <Button type="button" variant="ghost" size="sm" onClick={() => onRemove(index)}>
            Remove {field.name} {position + 1}
          </Button>
        </div>
      ))}
      <Button type="button" variant="outline" size="sm" onClick={onAdd}>
        Add a row to {field.name}
      </Button>
    </fieldset>
  );
}

/**
 * The form for one source, built from its descriptor (GET /v2/vault/sources). Never prefilled: stored values are
 * never returned. The typed values stay in the inputs; on submit they are read once, sent, and the form is reset,
 * so nothing typed outlives the response.
 */
export function CredentialsForm({
  workspace,
  source,
  inherited,
  store,
}: {
  workspace: string;
  source: VaultSource;
  inherited: boolean;
  store: StoreCredentials;
}) {
  const [rows, setRows] = useState<Record<string, number[]>>({});
  const nextRow = useRef(0);
  const [outcome, setOutcome] = useState<Outcome>();
  const [pending, startTransition] = useTransition();
  const headingId = useId();

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const payload = payloadFromForm(source.fields, new FormData(form), rows);
    startTransition(async () => {
      const result = await store({ workspace, sourceKey: source.key, payload });
      form.reset();
      setRows({});
      setOutcome(result.ok ? { stored: result.data } : { error: result.error, registry: result.registry, fieldErrors: result.fieldErrors });
    });
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} id={`source-${source.key}`} className="space-y-3 rounded-md border p-4">
      <h3 id={headingId} className="font-medium">
        <span className="font-mono">{source.key}</span> {inherited ? "(overrides the inherited credentials here)" : ""}
      </h3>
      <p className="text-sm text-muted-foreground">Stored values are never shown; fill every field to replace them.</p>
      {source.fields.map((field) =>
        field.item ? (
          <ListField
            key={field.name}
            field={field}
            rows={rows[field.name] ?? []}
            onAdd={() => setRows((r) => ({ ...r, [field.name]: [...(r[field.name] ?? []), nextRow.current++] }))}
            onRemove={(index) => setRows((r) => ({ ...r, [field.name]: (r[field.name] ?? []).filter((i) => i !== index) }))}
          />
        ) : (
          <CredentialInput key={field.name} field={field} name={fieldControlName(field.name)} />
        ),
      )}
      <Button type="submit" disabled={pending}>
        {pending ? "Storing…" : `Store credentials for ${source.key}`}
      </Button>
      {outcome && "stored" in outcome && (
        <p role="status" className="text-sm">
          Stored for {outcome.stored.sourceKey} on {outcome.stored.workspace}: now version {outcome.stored.version}.
          {outcome.stored.raced &&
            ` The version moved from ${outcome.stored.previousVersion} to ${outcome.stored.version}, not by exactly one: another change may have raced this one, and the registry keeps the last write.`}
        </p>
      )}
      {outcome && "error" in outcome && (
        <div className="space-y-1">
          <FormError message={outcome.error} />
          {[
            ...(outcome.registry?.details ?? []),
            ...Object.entries(outcome.fieldErrors ?? {}).map(([path, messages]) => `${path}: ${messages.join(" ")}`),
          ].map((detail) => (
            <p key={detail} className="text-sm text-destructive">
              {detail}
            </p>
          ))}
        </div>
      )}
    </form>
  );
}
