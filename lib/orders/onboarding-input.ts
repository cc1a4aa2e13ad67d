/** The fast-mode (onboarding) form, validated in the browser and in the server action. Client-safe. */
import { z } from "zod";
import { registryCountries } from "@/lib/registry/countries";
import { onboardingRequestBodySchema, type OnboardingRequestBody } from "@/lib/registry/schemas";
import { caseReferenceMax } from "./order-input";

export const onboardingInputSchema = z.object({
  countryCode: z.enum(registryCountries),
  id: z.string().trim().min(1, { error: "Enter the company identifier." }),
  caseReference: z.string().trim().max(caseReferenceMax, { error: `A case reference is at most ${caseReferenceMax} characters.` }).default(""),
  /** The price the user confirmed (the company block in onboarding mode). */
  quotedTotal: z.number().nonnegative(),
});

export type OnboardingInput = z.input<typeof onboardingInputSchema>;
export type ValidOnboarding = z.infer<typeof onboardingInputSchema>;

/** The `POST /v2/onboarding` body: the company profile, with who ordered and the case reference in metadata. */
export function onboardingRequestBody(input: ValidOnboarding, orderedBy: string): OnboardingRequestBody {
  return onboardingRequestBodySchema.parse({
    id: input.id,
    countryCode: input.countryCode,
    dataPoints: ["companyProfile"],
    metadata: { orderedBy, ...(input.caseReference && { caseReference: input.caseReference }) },
  });
}
