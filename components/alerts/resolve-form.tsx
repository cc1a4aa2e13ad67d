"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { alertOutcomes } from "@/db/vocabulary";
import { alertOutcomeLabels, type AlertOutcome } from "@/lib/alerts/labels.shared";

const textareaClass =
  "min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** A triage comment box and its label: the alert page's comment and a resolving form's resolution comment. */
export function CommentField({
  id,
  label,
  value,
  onChange,
  invalid,
  describedBy,
  labelClassName,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  describedBy?: string;
  labelClassName?: string;
}) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <textarea
        id={id}
        className={textareaClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={5000}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
    </>
  );
}

/** Why a resolution cannot be sent yet, in words shown on the page (not the browser's popup); the server checks again. */
export function resolutionProblem(outcome: AlertOutcome | "", comment: string): string | undefined {
  if (!outcome) return "Choose an outcome to resolve.";
  if (!comment.trim()) return "Write a comment saying why.";
  return undefined;
}

/** The outcome select every resolving form shows. */
export function OutcomeSelect({
  id,
  value,
  onChange,
  invalid,
}: {
  id: string;
  value: AlertOutcome | "";
  onChange: (value: AlertOutcome | "") => void;
  invalid: boolean;
}) {
  return (
    <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value as AlertOutcome | "")} aria-invalid={invalid || undefined}>
      <option value="">Choose…</option>
      {alertOutcomes.map((o) => (
        <option key={o} value={o}>
          {alertOutcomeLabels[o]}
        </option>
      ))}
    </NativeSelect>
  );
}

/** Resolving several alerts needs an outcome and a comment; the server checks both again. */
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
  const [problem, setProblem] = useState<string>();
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      aria-label={count === 1 ? "Resolve this alert" : `Resolve ${count} alerts`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const why = resolutionProblem(outcome, comment);
        setProblem(why);
        if (!why && outcome) onResolve({ outcome, comment });
      }}
    >
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor={`${id}-outcome`}>Outcome</label>
        <OutcomeSelect id={`${id}-outcome`} value={outcome} onChange={setOutcome} invalid={problem !== undefined && !outcome} />
      </div>
      <div className="flex min-w-64 flex-1 flex-col gap-1 text-sm">
        <CommentField
          id={`${id}-comment`}
          label="Resolution comment"
          value={comment}
          onChange={setComment}
          invalid={problem !== undefined && !!outcome && !comment.trim()}
        />
      </div>
      <Button type="submit" disabled={pending || count === 0}>
        {count === 1 ? "Resolve" : `Resolve ${count}`}
      </Button>
      {problem && (
        <p role="alert" className="w-full text-sm text-destructive">
          {problem}
        </p>
      )}
    </form>
  );
}
