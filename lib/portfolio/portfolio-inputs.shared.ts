/**
 * What the company page's risk panel sends: which company file, and the change (customer mark, owner, pin), validated
 * with the same schemas in the browser and in the server actions, messages in words.
 */
import { z } from "zod";
import { riskRatings } from "@/db/vocabulary";
import { registryCountries } from "@/lib/registry/countries.shared";

export const pinReasonMax = 1_000;

export const companyKeySchema = z.object({
  connectionId: z.uuid("Unknown registry connection."),
  countryCode: z.enum(registryCountries, "Unknown country."),
  companyId: z.string("Unknown company.").trim().min(1, "Unknown company.").max(500, "Unknown company."),
});

export const customerInputSchema = companyKeySchema.extend({
  customer: z.boolean("Choose whether the company is a customer."),
});

export const ownerInputSchema = companyKeySchema.extend({
  ownerId: z.uuid("Choose an owner from the list.").nullable(),
});

export const pinFieldsSchema = z.object({
  rating: z.enum(riskRatings, "Choose the rating to pin."),
  reason: z
    .string("Write why the rating is pinned.")
    .trim()
    .min(1, "Write why the rating is pinned.")
    .max(pinReasonMax, `Use at most ${pinReasonMax.toLocaleString("en")} characters.`),
});

export const pinInputSchema = companyKeySchema.extend(pinFieldsSchema.shape);

export type CompanyKeyInput = z.infer<typeof companyKeySchema>;
