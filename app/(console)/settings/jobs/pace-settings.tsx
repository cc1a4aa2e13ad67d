"use client";

// First: zod without its JIT, whose eval probe the CSP reports (lib/security/browser-zod.shared.ts).
import "@/lib/security/browser-zod.shared";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormError } from "@/components/forms/form-error";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/forms/action-result";
import { batchPaceSchema, maxOrdersPerMinute, paceWords, type BatchPace } from "@/lib/batches/batch-pace-settings.shared";

export type PaceRow = { connectionId: string; connectionName: string; ordersPerMinute: number; changed: string };

type Saved = { changed: boolean; before: string; after: string };

/**
 * One connection's pace of batch orders: checked here with the server's schema, shown as saved at once, put back with
 * the reason when the server refuses; the server audits the change.
 */
function PaceForm({ row, save }: { row: PaceRow; save: (input: BatchPace) => Promise<ActionResult<Saved>> }) {
  const router = useRouter();
  const [value, setValue] = useState(String(row.ordersPerMinute));
  const [guess, setGuess] = useState<{ base: number; perMinute: number }>();
  const [errors, setErrors] = useState<string[]>();
  const [message, setMessage] = useState<{ text: string; failed: boolean }>();
  const shown = guess?.base === row.ordersPerMinute ? guess.perMinute : row.ordersPerMinute;
  const fieldName = `pace-${row.connectionId}`;

  return (
    <form
      className="space-y-2 rounded-md border p-4"
      aria-label={`Pace of ${row.connectionName}`}
      data-connection-pace={row.connectionId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = batchPaceSchema.safeParse({
          connectionId: row.connectionId,
          ordersPerMinute: value.trim() === "" ? Number.NaN : Number(value),
        });
        if (!parsed.success) {
          setErrors(parsed.error.issues.map((issue) => issue.message));
          setMessage({ text: "Correct the pace: nothing was saved.", failed: true });
          return;
        }
        setErrors(undefined);
        setMessage({ text: "Saving…", failed: false });
        setGuess({ base: row.ordersPerMinute, perMinute: parsed.data.ordersPerMinute });
        void save(parsed.data)
          .catch(() => undefined)
          .then((answer) => {
            if (!answer?.ok) {
              setGuess(undefined);
              setErrors(answer?.fieldErrors?.ordersPerMinute);
              setMessage({
                text: `Not saved: ${answer ? answer.error : "the console did not answer. Reload to see the pace in force."}`,
                failed: true,
              });
              return;
            }
            setMessage({
              text: answer.data.changed ? `Saved: ${answer.data.before} → ${answer.data.after}.` : "Nothing changed.",
              failed: false,
            });
            router.refresh();
          });
      }}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-medium">{row.connectionName}</h3>
        <p className="text-sm" data-testid="pace-in-force">
          {paceWords(shown)}
        </p>
      </div>
      <p className="text-xs text-muted-foreground">{row.changed}</p>
      <div className="flex flex-wrap items-end gap-2">
        <FormField
          id={fieldName}
          name="ordersPerMinute"
          label="Orders a minute"
          type="number"
          inputMode="numeric"
          min={1}
          max={maxOrdersPerMinute}
          step={1}
          className="w-32"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          errors={errors}
        />
        <Button type="submit" variant="outline">
          Save the pace
        </Button>
      </div>
      {message?.failed ? (
        <FormError message={message.text} />
      ) : (
        message && (
          <p role="status" className="text-sm">
            {message.text}
          </p>
        )
      )}
    </form>
  );
}

/** Every connection's pace, one form each. */
export function PaceSettings({ rows, save }: { rows: PaceRow[]; save: (input: BatchPace) => Promise<ActionResult<Saved>> }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {rows.map((row) => (
        <PaceForm key={row.connectionId} row={row} save={save} />
      ))}
    </div>
  );
}
