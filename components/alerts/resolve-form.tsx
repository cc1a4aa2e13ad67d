"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { alertOutcomes } from "@/db/vocabulary";
import { alertOutcomeLabels, type AlertOutcome } from "@/lib/alerts/labels";

export const textareaClass =
  "min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** Resolving needs an outcome and a comment; the server checks both again. */
export function ResolveForm({
  count,
  pending,
  onResolve,
}: {
  count: number;
  pending: boolean;
  onResolve: (resolution: { outcome: AlertOutcome; comment: string }) => void;
}) {
  const id = useId();
  const [outcome, setOutcome] = useState<AlertOutcome | "">("");
  const [comment, setComment] = useState("");
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      aria-label={count === 1 ? "Resolve this alert" : `Resolve ${count} alerts`}
      onSubmit={(event) => {
        event.preventDefault();
        // The select is required: the browser asks for an outcome before this runs.
        if (outcome) onResolve({ outcome, comment });
      }}
    >
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor={`${id}-outcome`}>Outcome</label>
        <NativeSelect id={`${id}-outcome`} value={outcome} onChange={(e) => setOutcome(e.target.value as AlertOutcome | "")} required>
          <option value="">Choose…</option>
          {alertOutcomes.map((o) => (
            <option key={o} value={o}>
              {alertOutcomeLabels[o]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex min-w-64 flex-1 flex-col gap-1 text-sm">
        <label htmlFor={`${id}-comment`}>Resolution comment</label>
        <textarea
          id={`${id}-comment`}
          className={textareaClass}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={5000}
          required
        />
      </div>
      <Button type="submit" disabled={pending || count === 0}>
        {count === 1 ? "Resolve" : `Resolve ${count}`}
      </Button>
    </form>
  );
}
