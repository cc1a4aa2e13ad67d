"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { FormError } from "@/components/forms/form-error";
import { MetadataEditor } from "@/components/monitors/metadata-editor";
import { Button } from "@/components/ui/button";
import { fieldEntries, metadataFields, metadataFieldsSendable, type MetadataEntry } from "@/lib/monitors/metadata-input.shared";
import { updateMetadataAction } from "./actions";
import { errorText } from "@/lib/vocabulary/words.shared";

/** The monitor's metadata, editable: saving re-posts the monitor, which replaces what the registry stores. */
export function MetadataForm({ monitorId, initial }: { monitorId: string; initial: MetadataEntry[] }) {
  const router = useRouter();
  const [fields, setFields] = useState(() => metadataFields(initial));
  const [outcome, setOutcome] = useState<{ saved?: boolean; message?: string; fieldErrors?: Record<string, string[]> }>({});
  const [pending, startTransition] = useTransition();

  function save(event: React.FormEvent) {
    event.preventDefault();
    if (!metadataFieldsSendable(fields)) return setOutcome({ message: "Correct the flagged metadata first: nothing was sent." });
    startTransition(async () => {
      const result = await updateMetadataAction({ monitorId, metadata: fieldEntries(fields) });
      if (!result.ok)
        return setOutcome({
          message: result.registry ? errorText(result.code, result.error) : result.error,
          fieldErrors: result.fieldErrors,
        });
      setOutcome({ saved: true });
      router.refresh();
    });
  }

  return (
    <form onSubmit={save} className="space-y-3" noValidate aria-label="Monitor metadata">
      <MetadataEditor fields={fields} onChange={(next) => (setFields(next), setOutcome({}))} serverErrors={outcome.fieldErrors} />
      <FormError message={outcome.message} />
      {outcome.saved && (
        <p role="status" className="text-sm text-success">
          Saved: the registry now stores this metadata.
        </p>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? "Saving…" : "Save metadata"}
      </Button>
    </form>
  );
}
