/** The order form's fields, validated the same way in the browser and in the server action. */
import { z } from "zod";
import { caseReferenceProblem } from "@/lib/forms/case-reference.shared";
import { registryCountries } from "@/lib/registry/countries.shared";
import { companyRequestBodySchema, type CompanyRequestBody } from "@/lib/registry/schemas.shared";
import { orderableDatapoints } from "@/lib/pricing/quote.shared";

const cap = z.number({ error: "Enter a number of credits." }).nonnegative({ error: "A cap cannot be negative." }).optional();

export const orderInputSchema = z.object({
  countryCode: z.enum(registryCountries),
  id: z.string().trim().min(1, { error: "Enter the company identifier." }),
  mode: z.string().optional(),
  dataPoints: z.array(z.enum(orderableDatapoints)).min(1, { error: "Choose at least one datapoint." }),
  documents: z.array(z.string().min(1)).default([]),
  maxBudget: cap,
  profileMaxBudget: cap,
  graphMaxBudget: cap,
  graphInteractive: z.boolean().default(false),
  caseReference: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = caseReferenceProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .default(""),
  /** The total the user confirmed, kept in the audit log beside what the registry charged. */
  quotedTotal: z.number().nonnegative(),
});

export type OrderInput = z.input<typeof orderInputSchema>;
export type ValidOrder = z.infer<typeof orderInputSchema>;

/**
 * The `POST /v2/company` body for an order: the case reference and who ordered travel in `metadata`, with
 * `linkedTo` (what the order was placed from, e.g. `{ alertId }`), set by the server, never by the form.
 */
export function companyRequestBody(order: ValidOrder, orderedBy: string, linkedTo: Record<string, string> = {}): CompanyRequestBody {
  return companyRequestBodySchema.parse({
    id: order.id,
    countryCode: order.countryCode,
    dataPoints: order.dataPoints,
    documents: order.documents.length ? order.documents : undefined,
    mode: order.mode,
    maxBudget: order.maxBudget,
    profileMaxBudget: order.profileMaxBudget,
    graphMaxBudget: order.dataPoints.includes("graph") ? order.graphMaxBudget : undefined,
    graphInteractive: order.dataPoints.includes("graph") ? order.graphInteractive : undefined,
    metadata: { ...orderMetadata(orderedBy, order.caseReference), ...linkedTo },
  });
}

/** What travels with every paid request in `metadata`: who ordered it, and the case reference if one was given. */
export function orderMetadata(orderedBy: string, caseReference: string): Record<string, string> {
  return { orderedBy, ...(caseReference && { caseReference }) };
}

/** The registry's own rules on the id (e.g. Mauritius file numbers), as field errors before anything is sent. */
export function registryIdErrors(order: ValidOrder): string[] {
  const parsed = companyRequestBodySchema.safeParse({ id: order.id, countryCode: order.countryCode });
  return parsed.success ? [] : parsed.error.issues.filter((i) => i.path[0] === "id").map((i) => i.message);
}
