import "server-only";
import type { Registry } from "@/lib/connections/registry-for";
import { cachedPricing } from "@/lib/pricing/pricing-cache";
import type { PricingResponse } from "@/lib/registry/schemas.shared";
import { offeredModes, quoteOrder } from "@/lib/pricing/quote.shared";

export type OnboardingPrice = { price: number | undefined; mode: "onboarding" | null };

/**
 * The price of a fast-mode company profile (the company block) at `pricing`: in onboarding mode where the country
 * offers it, otherwise in verification mode (`mode` null); no price when the pricing gives the block none.
 */
export function onboardingQuote(pricing: PricingResponse): OnboardingPrice {
  const mode = offeredModes(pricing).includes("onboarding") ? "onboarding" : null;
  const quote = quoteOrder(pricing, mode ?? "verification", ["company"]);
  return { price: quote.unpriced.length ? undefined : quote.total, mode };
}

/** The onboarding price in a country, from the connection's pricing (kept for a while per connection). */
export async function onboardingPrice({ connection, client }: Registry, countryCode: string): Promise<OnboardingPrice> {
  return onboardingQuote(await cachedPricing(connection.id, client, countryCode));
}
