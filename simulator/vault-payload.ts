/** A vault source's field, as `GET /v2/vault/sources` describes it. */
export type VaultField = { name: string; type: string; required: boolean; item?: { fields: readonly VaultField[] } };

/** One `@`, no spaces, a dot in the domain: the shape of an address, as lenient as the registers' login forms. */
const emailAddress = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

/** The problems of one present value of a field. Never quotes the value: payloads are credentials. */
function valueProblem(field: VaultField, value: unknown, path: string): string[] {
  if (field.item) {
    if (!Array.isArray(value)) return [`${path} must be a list`];
    return value.flatMap((row, i) =>
      typeof row === "object" && row !== null && !Array.isArray(row)
        ? payloadProblems(field.item!.fields, row as Record<string, unknown>, `${path}[${i}].`)
        : [`${path}[${i}] must be an object with the fields ${field.item!.fields.map((f) => f.name).join(", ")}`],
    );
  }
  if (typeof value !== "string") return [`${path} must be text`];
  if (field.type === "email" && !emailAddress.test(value)) return [`${path} must be an email address`];
  return [];
}

/**
 * Each problem of a payload against its source's fields, naming the field (`backupAccounts[0].email must be an email
 * address`), never its value: the details of a refused PUT must not echo the credentials sent. A required field must
 * be present and non-empty; an optional one may be absent or empty; list rows are checked by their item fields.
 */
export function payloadProblems(fields: readonly VaultField[], payload: Record<string, unknown>, prefix = ""): string[] {
  return fields.flatMap((field) => {
    const path = `${prefix}${field.name}`;
    const value = Object.hasOwn(payload, field.name) ? payload[field.name] : undefined;
    if (value === undefined || value === null || value === "") return field.required ? [`${path} is required`] : [];
    return valueProblem(field, value, path);
  });
}
