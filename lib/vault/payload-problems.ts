import "server-only";
import type { VaultField } from "@/lib/registry/schemas.shared";
import type { VaultPayload } from "./payload-schema";

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

function fieldProblems(fields: readonly VaultField[], values: Record<string, unknown>, prefix: string): string[] {
  return fields.flatMap((field) => {
    const path = `${prefix}${field.name}`;
    const value = values[field.name];
    if (value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) {
      return field.required ? [`${path} is required`] : [];
    }
    if (field.item) {
      return Array.isArray(value)
        ? value.flatMap((row, index) => fieldProblems(field.item!.fields, row as Record<string, unknown>, `${path}[${index}].`))
        : [`${path} is a list`];
    }
    if (field.type === "email" && typeof value === "string" && !looksLikeEmail(value)) return [`${path} must be an email address`];
    return [];
  });
}

/**
 * What the registry would refuse in a payload for a source, checked against its descriptor before a pending
 * replacement is claimed (a refused PUT would use the approval up). Each problem names the field, never its value.
 */
export function payloadProblems(fields: readonly VaultField[], payload: VaultPayload): string[] {
  return fieldProblems(fields, payload, "");
}
