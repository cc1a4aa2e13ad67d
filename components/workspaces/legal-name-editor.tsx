"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { ActionResult } from "@/lib/forms/action-result";
import { legalNameRemaining } from "@/lib/registry/workspace-limits.shared";
import { errorText } from "@/lib/vocabulary/words.shared";

export type ChangeLegalName = (input: { name: string; legalName: string }) => Promise<ActionResult>;

/**
 * A workspace's legal name, editable in place by an admin. The live counter counts as the API does (see
 * legalNameRemaining: code points, so an emoji is one); nothing is sent while it is over or the name is blank.
 */
export function LegalNameEditor({ name, legalName, change }: { name: string; legalName: string; change: ChangeLegalName }) {
  const id = useId();
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(legalName);
  const [refusal, setRefusal] = useState<{ message: string; fieldErrors?: Record<string, string[]> }>();
  const [pending, startTransition] = useTransition();
  const remaining = legalNameRemaining(value);

  if (!editing) {
    return (
      <div className="flex items-center gap-2">
        <span>{legalName || <span className="text-muted-foreground">none</span>}</span>
        <Button type="button" size="sm" variant="outline" onClick={() => (setValue(legalName), setRefusal(undefined), setEditing(true))}>
          Edit<span className="sr-only"> the legal name of {name}</span>
        </Button>
      </div>
    );
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!value.trim())
      return setRefusal({ message: "Give the legal name: nothing was sent.", fieldErrors: { legalName: ["Give the legal name."] } });
    if (remaining < 0) return setRefusal({ message: "The legal name is too long: nothing was sent." });
    startTransition(async () => {
      const result = await change({ name, legalName: value });
      if (!result.ok) {
        return setRefusal({
          message: result.registry ? errorText(result.code, result.error) : result.error,
          fieldErrors: result.fieldErrors,
        });
      }
      setEditing(false);
      router.refresh();
    });
  }

  const fieldError = refusal?.fieldErrors?.legalName?.join(" ");
  return (
    <form onSubmit={submit} noValidate aria-label={`Legal name of ${name}`} className="space-y-1">
      <label htmlFor={`${id}-legal-name`} className="sr-only">
        Legal name of {name}
      </label>
      <Input
        id={`${id}-legal-name`}
        value={value}
        onChange={(event) => (setValue(event.target.value), setRefusal(undefined))}
        aria-invalid={remaining < 0 || fieldError ? true : undefined}
        aria-describedby={`${id}-counter`}
        className="min-w-64"
      />
      <p id={`${id}-counter`} aria-live="polite" className={remaining < 0 ? "text-xs text-destructive" : "text-xs text-muted-foreground"}>
        {remaining < 0 ? `${-remaining} ${-remaining === 1 ? "character" : "characters"} over the limit` : `${remaining} characters left`}
      </p>
      {fieldError && <p className="text-sm text-destructive">{fieldError}</p>}
      <FormError message={refusal?.message} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? "Saving…" : "Save"}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={pending} onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
