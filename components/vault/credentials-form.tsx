"use client";

import { useId, useRef, useState, useTransition } from "react";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionResult } from "@/lib/forms/action-result";
import type { VaultField, VaultSource } from "@/lib/registry/schemas.shared";
import type { VaultPayload } from "@/lib/vault/payload-schema";
import { fieldControlName, payloadFromForm } from "@/lib/vault/payload-from-form.shared";
import type { ReplacementOutcome } from "@/lib/vault/replace-credentials";
import type { StoredCredentials } from "@/lib/vault/store-credentials";
import { label } from "@/lib/vocabulary/words.shared";
import { SourceOutcomeMessage, sourceOutcomeOf, useSourceOutcome } from "./source-outcome";

/** What the form sends: one of the vault actions (store, ask to replace, approve a replacement). */
export type SendCredentials = (input: {
  workspace: string;
  sourceKey: string;
  payload: VaultPayload;
  /** Empty unless replacing; the actions that do not take it drop it. */
  reason: string;
  /** Empty unless approving. */
  changeId: string;
}) => Promise<ActionResult<StoredCredentials | ReplacementOutcome>>;

/**
 * Why the form is shown: adding credentials the workspace lacks, replacing held ones where dual control does not
 * apply (with a reason), or approving another admin's pending replacement by entering the new credentials.
 */
export type CredentialsPurpose = { kind: "add" } | { kind: "replace" } | { kind: "approve"; changeId: string; requestedBy: string };

const submitLabel = { add: "Store credentials for", replace: "Replace credentials for", approve: "Approve and replace credentials for" };

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
        {label("vaultField", field.name)}{" "}
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
            {shown ? "Hide" : "Show"} {label("vaultField", field.name).toLowerCase()}
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
        {label("vaultField", field.name)} <span className="text-muted-foreground">({field.required ? "required" : "optional"} list)</span>
      </legend>
      {rows.map((index, position) => (
        <div
          key={index}
          role="group"
          aria-label={`${label("vaultField", field.name)} ${position + 1}`}
          className="space-y-2 border-l-2 pl-3"
        >
          {field.item!.fields.map((itemField) => (
            <CredentialInput key={itemField.name} field={itemField} name={fieldControlName(itemField.name, { list: field.name, index })} />
          ))}
          <Button type="button" variant="ghost" size="sm" onClick={() => onRemove(index)}>
            Remove {label("vaultField", field.name).toLowerCase()} {position + 1}
          </Button>
        </div>
      ))}
      <Button type="button" variant="outline" size="sm" onClick={onAdd} className="h-auto min-h-8 whitespace-normal text-left">
        Add a row to {label("vaultField", field.name).toLowerCase()}
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
  purpose,
  send,
}: {
  workspace: string;
  source: VaultSource;
  inherited: boolean;
  purpose: CredentialsPurpose;
  send: SendCredentials;
}) {
  const [rows, setRows] = useState<Record<string, number[]>>({});
  const nextRow = useRef(0);
  const [outcome, setOutcome] = useSourceOutcome(workspace, source.key);
  const [pending, startTransition] = useTransition();
  const headingId = useId();

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const payload = payloadFromForm(source.fields, data, rows);
    const reason = purpose.kind === "replace" ? String(data.get("reason") ?? "") : "";
    const changeId = purpose.kind === "approve" ? purpose.changeId : "";
    // The page shows at once that the credentials are on their way; the server's answer replaces that.
    setOutcome({ sending: true });
    startTransition(async () => {
      const result = await send({ workspace, sourceKey: source.key, payload, reason, changeId }).catch(() => ({
        ok: false as const,
        code: "no_answer",
        error: "The console did not answer: the credentials may not have been stored. Reload the page to see.",
      }));
      form.reset();
      setRows({});
      setOutcome(sourceOutcomeOf(result, true));
    });
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} id={`source-${source.key}`} className="space-y-3 rounded-md border p-4">
      <h3 id={headingId} className="font-medium">
        {purpose.kind === "add" ? "" : "Replace "}
        <span>{label("vaultSource", source.key)}</span> {inherited ? "(overrides the inherited credentials here)" : ""}
      </h3>
      <p className="text-sm text-muted-foreground">Stored values are never shown; fill every field to replace them.</p>
      {purpose.kind === "approve" && (
        <p className="text-sm">
          Approving {purpose.requestedBy}&apos;s request: the credentials you enter replace the ones {workspace} holds, and the audit row
          names you both.
        </p>
      )}
      {purpose.kind === "replace" && (
        <FormField
          name="reason"
          label="Why replace them"
          maxLength={500}
          hint="Kept in the audit log. Dual control does not apply now, so the replacement happens as you send it."
        />
      )}
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
      <Button type="submit" disabled={pending} className="h-auto min-h-9 whitespace-normal text-left">
        {submitLabel[purpose.kind]} {label("vaultSource", source.key)}
      </Button>
      <SourceOutcomeMessage outcome={outcome} />
    </form>
  );
}
