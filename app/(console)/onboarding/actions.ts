"use server";

import { z } from "zod";
import { registryAction } from "@/lib/registry-seam/registry-action";
import { onboardingInputSchema } from "@/lib/orders/onboarding-input.shared";
import { placeOnboarding } from "@/lib/orders/place-order";
import { onboardingPrice } from "@/lib/orders/onboarding-price";
import { registryCountries } from "@/lib/registry/countries.shared";

/** The price of a fast-mode company profile in a country (the company block in onboarding mode). */
export const onboardingPriceAction = registryAction(
  "spendCredits",
  z.object({ countryCode: z.enum(registryCountries) }),
  async ({ countryCode }, { registry }) => ({ ok: true, data: await onboardingPrice(await registry(), countryCode) }),
);

export const onboardAction = registryAction("spendCredits", onboardingInputSchema, async (input, { user, registry }) =>
  placeOnboarding(user, input, await registry()),
);
