"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { FormError } from "@/components/forms/form-error";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/forms/action-result";
import { fieldErrorsOf } from "@/lib/forms/field-errors.shared";
import { workspaceLegalNameMax, workspaceNameMax } from "@/lib/registry/workspace-limits.shared";
import { errorText } from "@/lib/vocabulary/words.shared";

export type CreateWorkspace = (body: { name: string; legalName: string }) => Promise<ActionResult<{ name: string }>>;

/**
 * Creates a workspace. Checked in the browser with the contract's schema, so nothing is sent while a field is wrong;
 * the server checks again, and a taken name (the registry's 409) comes back on the name field. The workspace starts
 * with UBO access off (turning it on needs a legal basis and a second admin). The schema (and zod
 * with it, a sixth of the page's JavaScript) loads on the first submit, not with the page.
 */
export function CreateWorkspaceForm({ create }: { create: CreateWorkspace }) {
  const router = useRouter();
  const [refusal, setRefusal] = useState<{ message: string; fieldErrors?: Record<string, string[]> }>();
  const [created, setCreated] = useState<string>();
  const [pending, startTransition] = useTransition();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const { checkWorkspaceCreate } = await import("@/lib/workspaces/workspace-create-check.shared");
    const parsed = checkWorkspaceCreate({ name: data.get("name"), legalName: data.get("legalName") });
    setCreated(undefined);
    if (!parsed.success) {
      return setRefusal({ message: "Correct the highlighted fields: nothing was sent.", fieldErrors: fieldErrorsOf(parsed.error.issues) });
    }
    startTransition(async () => {
      const result = await create(parsed.data);
      if (!result.ok) {
        return setRefusal({
          message: result.registry ? errorText(result.code, result.error) : result.error,
          fieldErrors: result.fieldErrors,
        });
      }
      setRefusal(undefined);
      setCreated(result.data.name);
      form.reset();
      router.refresh();
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Create a workspace" className="max-w-xl space-y-3 rounded-md border p-4">
      <h2 className="font-medium">Create a workspace</h2>
      <FormField
        label="Name"
        name="name"
        maxLength={workspaceNameMax}
        autoComplete="off"
        spellCheck={false}
        hint={`Letters, digits, '_' and '-'; up to ${workspaceNameMax}. The registry addresses the workspace by this name.`}
        errors={refusal?.fieldErrors?.name}
      />
      <FormField
        label="Legal name"
        name="legalName"
        hint={`Up to ${workspaceLegalNameMax} characters.`}
        errors={refusal?.fieldErrors?.legalName}
      />
      <FormError message={refusal?.message} />
      {created && (
        <p role="status" className="text-sm">
          Workspace {created} created, with UBO access off.
        </p>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? "Creating…" : "Create workspace"}
      </Button>
    </form>
  );
}
