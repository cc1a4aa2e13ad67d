"use client";

import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { metadataCountProblem, metadataRowProblems, type MetadataEntry } from "@/lib/monitors/metadata-input";
import { metadataLimits } from "@/lib/registry/metadata-limits";

type Props = {
  entries: MetadataEntry[];
  onChange: (entries: MetadataEntry[]) => void;
  /** The server's field errors (`metadata.<row>`, `metadata`), shown beside the form's own checks. */
  serverErrors?: Record<string, string[]>;
};

/**
 * The monitor's metadata as key/value rows. Each row says at once what the registry would do to it (skip a key over
 * 40 characters, cut a value over 500); the server checks the same rules and sends nothing while any row is flagged.
 */
export function MetadataEditor({ entries, onChange, serverErrors = {} }: Props) {
  const id = useId();
  const problems = metadataRowProblems(entries);
  const countProblem = metadataCountProblem(entries);
  const set = (index: number, change: Partial<MetadataEntry>) => onChange(entries.map((e, i) => (i === index ? { ...e, ...change } : e)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Metadata</legend>
      <p className="text-xs text-muted-foreground">
        Sent with the monitor and echoed in every notification. At most {metadataLimits.maxKeys} keys; keys up to{" "}
        {metadataLimits.maxKeyLength} characters, values up to {metadataLimits.maxValueLength}.
      </p>
      <ul className="space-y-2">
        {entries.map((entry, index) => {
          const messages = [...new Set([...(problems[index] ?? []), ...(serverErrors[`metadata.${index}`] ?? [])])];
          const errorId = `${id}-row-${index}-problems`;
          return (
            <li key={index} className="space-y-1">
              <div className="flex items-start gap-2">
                <Input
                  aria-label={`Key ${index + 1}`}
                  value={entry.key}
                  onChange={(e) => set(index, { key: e.target.value })}
                  aria-invalid={messages.length ? true : undefined}
                  aria-describedby={messages.length ? errorId : undefined}
                  className="w-48"
                  autoComplete="off"
                />
                <Input
                  aria-label={`Value ${index + 1}`}
                  value={entry.value}
                  onChange={(e) => set(index, { value: e.target.value })}
                  aria-invalid={messages.length ? true : undefined}
                  aria-describedby={messages.length ? errorId : undefined}
                  autoComplete="off"
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove row ${index + 1}`}
                  onClick={() => onChange(entries.filter((_, i) => i !== index))}
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
        <Button type="button" variant="outline" size="sm" onClick={() => onChange([...entries, { key: "", value: "" }])}>
          <Plus className="size-4" aria-hidden /> Add a key
        </Button>
        <span className="text-xs text-muted-foreground">
          {entries.length} of {metadataLimits.maxKeys} keys
        </span>
      </div>
      {(countProblem ?? serverErrors.metadata) && (
        <p role="alert" className="text-sm text-destructive">
          {countProblem ?? serverErrors.metadata?.join(" ")}
        </p>
      )}
    </fieldset>
  );
}
