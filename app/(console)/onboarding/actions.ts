"use server";

import { z } from "zod";
import { registryAction } from "@/lib/registry-seam/registry-action";
import { onboardingInputSchema } from "@/lib/orders/onboarding-input.shared";
import { placeOnboarding } from "@/lib/orders/place-order";
import { cachedPricing } from "@/lib/pricing/pricing-cache";
import { offeredModes, quoteOrder } from "@/lib/pricing/quote.shared";
import { registryCountries } from "@/lib/registry/countries.shared";

/** The price of a fast-mode company profile in a country (the company block in onboarding mode). */
export const onboardingPriceAction = registryAction(
  "spendCredits",
  z.object({ countryCode: z.enum(registryCountries) }),
  async ({ countryCode }, { registry }) => {
    const { connection, client } = await registry();
    const pricing = await cachedPricing(connection.id, client, countryCode);
    const mode = offeredModes(pricing).includes("onboarding") ? "onboarding" : undefined;
    const quote = quoteOrder(pricing, mode ?? "verification", ["company"]);
    return { ok: true, data: { price: quote.unpriced.length ? undefined : quote.total, mode: mode ?? null } };
  },
);

export const onboardAction = registryAction("spendCredits", onboardingInputSchema, async (input, { user, registry }) =>
  placeOnboarding(user, input, await registry()),
);
