/**
 * What "Mark reviewed" sends: the company, an outcome and a comment. The company page's form
 * checks with the same schema before sending; the server checks again.
 */
import { z } from "zod";
import { reviewOutcomes } from "@/db/vocabulary";
import { registryCountries } from "@/lib/registry/countries.shared";

export type ReviewOutcome = (typeof reviewOutcomes)[number];

/** The longest comment kept (the alert comments' limit). */
export const reviewCommentMax = 5000;

export const reviewInputSchema = z.object({
  countryCode: z.enum(registryCountries, { error: "Choose a country the registry covers." }),
  companyId: z.string({ error: "Name the company." }).trim().min(1, { error: "Name the company." }),
  outcome: z.enum(reviewOutcomes, { error: "Choose an outcome." }),
  comment: z
    .string({ error: "Write a comment saying why." })
    .trim()
    .min(1, { error: "Write a comment saying why." })
    .max(reviewCommentMax, { error: `A comment is at most ${reviewCommentMax.toLocaleString("en")} characters.` }),
});

export type ReviewInput = z.infer<typeof reviewInputSchema>;
