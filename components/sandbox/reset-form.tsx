"use client";

import "@/lib/security/browser-zod.shared";
import { useState } from "react";
import { FormError } from "@/components/forms/form-error";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { resetConfirmed, resetInputSchema } from "@/lib/sandbox/sandbox-inputs.shared";
import { useSandboxAction, type SandboxResult } from "./use-sandbox-action";

/** POST /v2/sandbox/reset, once the connection's name is typed: the button stays off until it matches. */
export function ResetForm({
  connectionName,
  reset,
}: {
  connectionName: string;
  reset: (input: { confirmName: string }) => Promise<SandboxResult<undefined>>;
}) {
  const [typed, setTyped] = useState("");
  const action = useSandboxAction(resetInputSchema, reset);
  return (
    <form
      noValidate
      aria-label="Reset the sandbox"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        action.submit({ confirmName: typed });
      }}
    >
      <div className="w-72">
        <FormField
          label={`Type ${connectionName} to confirm`}
          name="confirmName"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          errors={action.fieldErrors.confirmName}
        />
      </div>
      <Button type="submit" variant="destructive" disabled={action.pending || !resetConfirmed(typed, connectionName)}>
        Reset sandbox
      </Button>
      {action.succeeded && (
        <p role="status" className="text-sm">
          Sandbox reset.
        </p>
      )}
      <FormError message={action.failure} className="w-full text-sm text-destructive" />
    </form>
  );
}
