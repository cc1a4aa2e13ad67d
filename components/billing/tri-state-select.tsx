"use client";

import { NativeSelect } from "@/components/ui/native-select";
import type { TriState } from "@/lib/billing/override-draft.shared";

type Props = Omit<React.ComponentProps<typeof NativeSelect>, "value" | "onChange"> & {
  value: TriState;
  onChange: (value: TriState) => void;
  /** The account's value the workspace inherits, when the registry shows it. */
  accountValue?: boolean;
};

/** A workspace toggle: inherit the account's value, or set it on or off for this workspace. */
export function TriStateSelect({ value, onChange, accountValue, ...select }: Props) {
  return (
    <NativeSelect {...select} value={value} onChange={(e) => onChange(e.target.value as TriState)}>
      <option value="inherit">Inherit from the account{accountValue === undefined ? "" : ` (${accountValue ? "on" : "off"})`}</option>
      <option value="on">On for this workspace</option>
      <option value="off">Off for this workspace</option>
    </NativeSelect>
  );
}
