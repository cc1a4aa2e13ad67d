/** The fast-mode (onboarding) form, validated in the browser and in the server action. */
import type { z } from "zod";
import { onboardingRequestBodySchema, type OnboardingRequestBody } from "@/lib/registry/schemas.shared";
import { orderInputSchema, orderMetadata } from "./order-input.shared";

/** The order form's country, id, case reference and confirmed price (the company block in onboarding mode). */
export const onboardingInputSchema = orderInputSchema.pick({ countryCode: true, id: true, caseReference: true, quotedTotal: true });

export type OnboardingInput = z.input<typeof onboardingInputSchema>;
export type ValidOnboarding = z.infer<typeof onboardingInputSchema>;

/** The `POST /v2/onboarding` body: the company profile, with who ordered and the case reference in metadata. */
export function onboardingRequestBody(input: ValidOnboarding, orderedBy: string): OnboardingRequestBody {
  return onboardingRequestBodySchema.parse({
    id: input.id,
    countryCode: input.countryCode,
    dataPoints: ["companyProfile"],
    metadata: orderMetadata(orderedBy, input.caseReference),
  });
}
