import type { VaultField } from "@/lib/registry/schemas.shared";
import type { VaultPayload } from "./payload-schema";

/** The form control's name for a field, or for a field of a list row. */
export const fieldControlName = (field: string, row?: { list: string; index: number }) =>
  row ? `list.${row.list}.${row.index}.${field}` : `field.${field}`;

const textOf = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * The payload the credentials form submits, read from its controls when it is sent (the values live in the
 * inputs, never in component state). Empty fields are left out, so the registry names what is missing; a list
 * row with nothing filled in is left out.
 */
export function payloadFromForm(
  fields: readonly VaultField[],
  form: FormData,
  rowIndexes: Record<string, readonly number[]>,
): VaultPayload {
  const payload: VaultPayload = {};
  for (const field of fields) {
    if (field.item) {
      const rows = (rowIndexes[field.name] ?? [])
        .map((index) =>
          Object.fromEntries(
            field
              .item!.fields.map((f) => [f.name, textOf(form, fieldControlName(f.name, { list: field.name, index }))] as const)
              .filter(([, value]) => value !== ""),
          ),
        )
        .filter((row) => Object.keys(row).length > 0);
      if (rows.length) payload[field.name] = rows;
    } else {
      const value = textOf(form, fieldControlName(field.name));
      if (value !== "") payload[field.name] = value;
    }
  }
  return payload;
}
