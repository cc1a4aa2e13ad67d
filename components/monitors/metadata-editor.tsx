"use client";

import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import {
  fieldEntries,
  fieldEntryIndexes,
  labelledFields,
  metadataCountProblem,
  metadataFieldProblems,
  type MetadataEntry,
  type MetadataFields,
} from "@/lib/monitors/metadata-input.shared";
import { metadataLimits } from "@/lib/registry/metadata-limits.shared";

type Props = {
  fields: MetadataFields;
  onChange: (fields: MetadataFields) => void;
  /** The server's field errors (`metadata.<row>` of the rows sent, `metadata`), shown beside the form's own checks. */
  serverErrors?: Record<string, string[]>;
};

const unique = (...lists: (readonly string[] | undefined)[]) => [...new Set(lists.flatMap((l) => l ?? []))];

/**
 * The monitor's metadata: the case reference and who asked as labelled fields, then free key/value rows. Each field
 * and row says at once what the registry would do to it (skip a key over 40 characters, cut a value over 500); the
 * server checks the same rules and sends nothing while anything is flagged.
 */
export function MetadataEditor({ fields, onChange, serverErrors = {} }: Props) {
  const id = useId();
  const problems = metadataFieldProblems(fields);
  const sent = fieldEntries(fields);
  const countProblem = metadataCountProblem(sent);
  const at = fieldEntryIndexes(fields);
  const serverAt = (index: number | undefined) => (index === undefined ? undefined : serverErrors[`metadata.${index}`]);
  const setRow = (index: number, change: Partial<MetadataEntry>) =>
    onChange({ ...fields, others: fields.others.map((e, i) => (i === index ? { ...e, ...change } : e)) });
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">Metadata</legend>
      <p className="text-xs text-muted-foreground">
        Sent with the monitor and echoed in every notification. At most {metadataLimits.maxKeys} keys; keys up to{" "}
        {metadataLimits.maxKeyLength} characters, values up to {metadataLimits.maxValueLength}.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {labelledFields.map((field) => {
          const messages = unique(problems[field.name], serverAt(at[field.name]));
          const inputId = `${id}-${field.name}`;
          const errorId = `${inputId}-problems`;
          return (
            <div key={field.name} className="space-y-1">
              <label htmlFor={inputId} className="text-sm">
                {field.label}
              </label>
              <Input
                id={inputId}
                value={fields[field.name]}
                onChange={(e) => onChange({ ...fields, [field.name]: e.target.value })}
                aria-invalid={messages.length ? true : undefined}
                aria-describedby={messages.length ? errorId : undefined}
                autoComplete="off"
              />
              {messages.length > 0 && (
                <p id={errorId} className="text-sm text-destructive" data-metadata-problem={field.name}>
                  {messages.join(" ")}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm">Other keys</legend>
        {fields.others.length === 0 && (
          <p className="text-xs text-muted-foreground">None. Add a key for anything else to keep with the monitor.</p>
        )}
        <ul className="space-y-2">
          {fields.others.map((entry, index) => {
            const messages = unique(problems.others[index], serverAt(at.others[index]));
            const errorId = `${id}-row-${index}-problems`;
            return (
              <li key={index} className="space-y-1">
                <div className="flex items-start gap-2">
                  <Input
                    aria-label={`Key ${index + 1}`}
                    value={entry.key}
                    onChange={(e) => setRow(index, { key: e.target.value })}
                    aria-invalid={messages.length ? true : undefined}
                    aria-describedby={messages.length ? errorId : undefined}
                    className="w-48"
                    autoComplete="off"
                  />
                  <Input
                    aria-label={`Value ${index + 1}`}
                    value={entry.value}
                    onChange={(e) => setRow(index, { value: e.target.value })}
                    aria-invalid={messages.length ? true : undefined}
                    aria-describedby={messages.length ? errorId : undefined}
                    autoComplete="off"
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove row ${index + 1}`}
                    onClick={() => onChange({ ...fields, others: fields.others.filter((_, i) => i !== index) })}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </div>
                {messages.length > 0 && (
                  <p id={errorId} className="text-sm text-destructive" data-metadata-problem={index}>
                    {messages.join(" ")}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <div className="flex items-center gap-3">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => onChange({ ...fields, others: [...fields.others, { key: "", value: "" }] })}
          >
            <Plus className="size-4" aria-hidden /> Add a key
          </Button>
          <span className="text-xs text-muted-foreground">
            {sent.length} of {metadataLimits.maxKeys} keys
          </span>
        </div>
      </fieldset>
      {(countProblem ?? serverErrors.metadata) && (
        <p role="alert" className="text-sm text-destructive">
          {countProblem ?? serverErrors.metadata?.join(" ")}
        </p>
      )}
    </fieldset>
  );
}
