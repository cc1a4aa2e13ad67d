"use client";

import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import type { TierRow } from "@/lib/billing/tier-rows.shared";

type Props = {
  /** Names the rows' labels: "Tiers" gives "Tiers: tier 1 name". */
  label: string;
  rows: TierRow[];
  onChange: (rows: TierRow[]) => void;
  max: number;
  /** The field path of the list in the field messages ("highUsageTiers"): rows are `<path>.<index>.tier|cents`. */
  path: string;
  fieldErrors: Record<string, string[]>;
  /** A fixed vocabulary of tier names (the low-balance tiers), offered as a choice instead of free text. */
  names?: readonly string[];
};

/** Tier rows (a name and a threshold in credits, at most 2 decimals), 1 to `max` of them. */
export function TierRowsEditor({ label, rows, onChange, max, path, fieldErrors, names }: Props) {
  const id = useId();
  const set = (index: number, change: Partial<TierRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const nextName = names?.find((name) => !rows.some((row) => row.tier === name)) ?? "";
  return (
    <div className="space-y-2">
      <ol className="space-y-2">
        {rows.map((row, index) => {
          const messages = [...(fieldErrors[`${path}.${index}.tier`] ?? []), ...(fieldErrors[`${path}.${index}.cents`] ?? [])];
          const errorId = `${id}-${index}-errors`;
          const rowLabel = `${label}: tier ${index + 1}`;
          const nameProps = {
            "aria-label": `${rowLabel} name`,
            value: row.tier,
            "aria-invalid": fieldErrors[`${path}.${index}.tier`] ? true : undefined,
            "aria-describedby": messages.length ? errorId : undefined,
          };
          return (
            <li key={index} className="space-y-1" data-tier-row={index}>
              <div className="flex flex-wrap items-center gap-2">
                {names ? (
                  <NativeSelect {...nameProps} onChange={(e) => set(index, { tier: e.target.value })}>
                    {[...new Set([...names, row.tier])].map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </NativeSelect>
                ) : (
                  <Input {...nameProps} className="w-40" autoComplete="off" onChange={(e) => set(index, { tier: e.target.value })} />
                )}
                <Input
                  aria-label={`${rowLabel} credits`}
                  inputMode="decimal"
                  autoComplete="off"
                  className="w-36"
                  value={row.credits}
                  aria-invalid={fieldErrors[`${path}.${index}.cents`] ? true : undefined}
                  aria-describedby={messages.length ? errorId : undefined}
                  onChange={(e) => set(index, { credits: e.target.value })}
                />
                <span className="text-xs text-muted-foreground">credits</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${rowLabel}`}
                  onClick={() => onChange(rows.filter((_, i) => i !== index))}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </div>
              {messages.length > 0 && (
                <p id={errorId} className="text-sm text-destructive">
                  {messages.join(" ")}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <div className="flex items-center gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={rows.length >= max}
          onClick={() => onChange([...rows, { tier: nextName, credits: "" }])}
        >
          <Plus className="size-4" aria-hidden /> Add a tier
        </Button>
        <span className="text-xs text-muted-foreground">
          {rows.length} of at most {max} tiers; thresholds in credits (at most 2 decimals)
        </span>
      </div>
      {fieldErrors[path] && (
        <p role="alert" className="text-sm text-destructive">
          {fieldErrors[path].join(" ")}
        </p>
      )}
    </div>
  );
}
