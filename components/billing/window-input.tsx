"use client";

import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { windowMinutes, windowUnits, type WindowEntry, type WindowUnit } from "@/lib/billing/high-usage-window.shared";

type Props = {
  label: string;
  entry: WindowEntry;
  onChange: (entry: WindowEntry) => void;
  invalid?: boolean;
  describedBy?: string;
};

/** A window typed as an amount and a unit, with what the registry will receive: whole minutes. */
export function WindowInput({ label, entry, onChange, invalid, describedBy }: Props) {
  const read = windowMinutes(entry);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Input
        aria-label={`${label} amount`}
        inputMode="decimal"
        autoComplete="off"
        className="w-24"
        value={entry.amount}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange({ ...entry, amount: e.target.value })}
      />
      <NativeSelect
        aria-label={`${label} unit`}
        value={entry.unit}
        onChange={(e) => onChange({ ...entry, unit: e.target.value as WindowUnit })}
      >
        {windowUnits.map((unit) => (
          <option key={unit} value={unit}>
            {unit}
          </option>
        ))}
      </NativeSelect>
      {read.minutes !== undefined && entry.unit !== "minutes" && (
        <span className="text-xs text-muted-foreground">= {read.minutes.toLocaleString("en")} minutes</span>
      )}
    </div>
  );
}
