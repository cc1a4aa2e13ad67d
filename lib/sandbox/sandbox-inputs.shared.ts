/**
 * What the sandbox tools accept, checked the same way in the browser (for comfort) and in the server actions.
 * A browser module importing this imports lib/security/browser-zod.shared.ts first.
 */
import { z } from "zod";
import { registryCountries } from "@/lib/registry/countries.shared";
import { companyStatuses } from "@/lib/registry/schemas.shared";

const hours = 3600;

export const clockPresets = [
  { label: "1 hour", seconds: hours },
  { label: "1 day", seconds: 24 * hours },
] as const;

export const walletInputSchema = z.object({
  credits: z
    .number("Enter a number of credits.")
    .min(0, "The balance cannot be negative.")
    .max(1_000_000_000, "At most 1,000,000,000 credits."),
});

export const advanceInputSchema = z.object({
  seconds: z
    .number("Enter a number of seconds.")
    .int("Enter whole seconds.")
    .min(1, "Advance by at least 1 second.")
    .max(30 * 24 * hours, "At most 30 days at once."),
});

export const chaosInputSchema = z.object({
  duplicateRate: z.number("Enter a rate between 0 and 1.").min(0, "At least 0.").max(1, "At most 1."),
  reorderWindowMs: z
    .number("Enter milliseconds.")
    .int("Enter whole milliseconds.")
    .min(0, "At least 0.")
    .max(600_000, "At most 600,000 ms."),
});

export const resetInputSchema = z.object({ confirmName: z.string() });

const optionalText = z.string().trim().max(500, "At most 500 characters.").optional();

/** The extra JSON: an object with any of company (fields), sections, disappeared. */
const extraSchema = z.strictObject(
  {
    company: z.record(z.string(), z.unknown()).optional(),
    sections: z.record(z.string(), z.unknown()).optional(),
    disappeared: z.boolean().optional(),
  },
  { error: 'Only "company", "sections" and "disappeared" may be given.' },
);

export const companyInputSchema = z.object({
  mode: z.enum(["create", "update"]),
  countryCode: z.enum(registryCountries, { error: "Choose a supported country." }),
  id: z.string().trim().min(1, "Give the company id.").max(100, "At most 100 characters."),
  legalName: optionalText,
  status: z.enum(companyStatuses, { error: "Choose a status." }).optional(),
  addressLine1: optionalText,
  addressLine2: optionalText,
  city: optionalText,
  postalCode: optionalText,
  addressCountry: z.enum(registryCountries, { error: "Choose a supported country." }).optional(),
  extraJson: z
    .string()
    .max(20_000, "At most 20,000 characters.")
    .transform((text, context) => {
      if (!text.trim()) return {};
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        context.addIssue({ code: "custom", message: "This is not valid JSON." });
        return z.NEVER;
      }
      const parsed = extraSchema.safeParse(value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const where = issue.path.length ? `${issue.path.join(".")}: ` : "";
        context.addIssue({ code: "custom", message: `${where}${issue.message}` });
        return z.NEVER;
      }
      return parsed.data;
    }),
});

export type CompanyInput = z.input<typeof companyInputSchema>;
export type ParsedCompanyInput = z.output<typeof companyInputSchema>;

/** The body for POST/PATCH /v2/sandbox/companies (without country and id) and the names of the fields it sets. */
export function sandboxCompanyChange(input: ParsedCompanyInput): {
  body: { company: Record<string, unknown>; sections?: Record<string, unknown>; disappeared?: boolean };
  fields: string[];
} {
  const { extraJson: extra } = input;
  const company: Record<string, unknown> = { ...extra.company };
  if (input.legalName) company.legalName = input.legalName;
  if (input.status) company.status = { active: input.status === "ACTIVE", statusDetails: { status: input.status } };
  const address = {
    ...(input.addressLine1 && { addressLine1: input.addressLine1 }),
    ...(input.addressLine2 && { addressLine2: input.addressLine2 }),
    ...(input.city && { city: input.city }),
    ...(input.postalCode && { postalCode: input.postalCode }),
    ...(input.addressCountry && { countryCode: input.addressCountry }),
  };
  // The address is replaced as a whole: a moved company has no left-over line from its old address.
  if (Object.keys(address).length) company.legalAddress = address;
  const body = {
    company,
    ...(extra.sections && { sections: extra.sections }),
    ...(extra.disappeared !== undefined && { disappeared: extra.disappeared }),
  };
  const fields = [
    ...Object.keys(company).map((key) => `company.${key}`),
    ...Object.keys(extra.sections ?? {}).map((key) => `sections.${key}`),
    ...(extra.disappeared !== undefined ? ["disappeared"] : []),
  ];
  return { body, fields };
}

/** The typed confirmation of a reset must be the connection's name, exactly (surrounding spaces aside). */
export const resetConfirmed = (typed: string, connectionName: string) => typed.trim() === connectionName;
