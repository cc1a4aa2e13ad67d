"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { categoryLabel } from "@/lib/alerts/labels.shared";

type Sla = { category: string; days: number; defaultDays: number; updatedBy: string | null };
type Result =
  { ok: true; data: { changed: string[] } } | { ok: false; code: string; error: string; fieldErrors?: Record<string, string[]> };

/** The days to triage each category; the server validates again and audits each change. */
export function SlaForm({ slas, save }: { slas: Sla[]; save: (input: Record<string, number>) => Promise<Result> }) {
  const router = useRouter();
  const [values, setValues] = useState(() => Object.fromEntries(slas.map((s) => [s.category, String(s.days)])));
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<Result>();
  const fieldErrors = result && !result.ok ? (result.fieldErrors ?? {}) : {};

  return (
    <form
      className="space-y-4"
      aria-label="Alert SLAs"
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => {
          const answer = await save(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Number(v)])));
          setResult(answer);
          if (answer.ok) router.refresh();
        });
      }}
    >
      <table className="text-sm">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className="py-1 pr-6 font-medium">Category</th>
            <th className="py-1 pr-6 font-medium">Days to triage</th>
            <th className="py-1 font-medium">Default</th>
          </tr>
        </thead>
        <tbody>
          {slas.map((sla) => (
            <tr key={sla.category}>
              <td className="py-1 pr-6">
                <label htmlFor={`sla-${sla.category}`}>{categoryLabel(sla.category)}</label>
              </td>
              <td className="py-1 pr-6">
                <Input
                  id={`sla-${sla.category}`}
                  type="number"
                  min={1}
                  max={365}
                  step={1}
                  required
                  className="w-24"
                  value={values[sla.category] ?? ""}
                  aria-invalid={fieldErrors[sla.category] ? true : undefined}
                  onChange={(e) => setValues((v) => ({ ...v, [sla.category]: e.target.value }))}
                />
                {fieldErrors[sla.category] && <p className="text-xs text-destructive">{fieldErrors[sla.category]!.join(" ")}</p>}
              </td>
              <td className="py-1 text-muted-foreground">
                {sla.defaultDays} {sla.days !== sla.defaultDays && sla.updatedBy && `(changed by ${sla.updatedBy})`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button type="submit" disabled={pending}>
        Save SLAs
      </Button>
      {result && !result.ok && <FormError message={result.error} />}
      {result?.ok && (
        <p role="status" className="text-sm">
          {result.data.changed.length ? `Saved: ${result.data.changed.map(categoryLabel).join(", ")}.` : "Nothing changed."}
        </p>
      )}
    </form>
  );
}
