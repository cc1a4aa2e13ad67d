"use server";

import { z } from "zod";
import { roleAction } from "@/lib/auth/role-action";
import { registryClientForRequest } from "@/lib/connections/active-connection";
import { sectionFor } from "@/lib/navigation/sections";
import { onboardingInputSchema } from "@/lib/orders/onboarding-input";
import { placeOnboarding } from "@/lib/orders/place-order";
import { cachedPricing } from "@/lib/orders/pricing-cache";
import { offeredModes, quoteOrder } from "@/lib/orders/quote";
import { registryCountries } from "@/lib/registry/countries";
import { RegistryError } from "@/lib/registry/registry-error";

const roles = sectionFor("/onboarding").roles;
const noConnection = { ok: false as const, code: "no_connection", error: "No registry connection is configured. An admin adds one in Settings → Connections." };

/** The price of a fast-mode company profile in a country (the company block in onboarding mode). */
export const onboardingPriceAction = roleAction(roles, z.object({ countryCode: z.enum(registryCountries) }), async ({ countryCode }) => {
  const registry = await registryClientForRequest();
  if (!registry) return noConnection;
  try {
    const pricing = await cachedPricing(registry.connection.id, registry.client, countryCode);
    const mode = offeredModes(pricing).includes("onboarding") ? "onboarding" : undefined;
    const quote = quoteOrder(pricing, mode ?? "verification", ["company"]);
    return { ok: true, data: { price: quote.unpriced.length ? undefined : quote.total, mode: mode ?? null } };
  } catch (error) {
    if (error instanceof RegistryError) return { ok: false, code: error.code, error: error.message, registry: error.toInfo() };
    throw error;
  }
});

export const onboardAction = roleAction(roles, onboardingInputSchema, async (input, user) => {
  const registry = await registryClientForRequest();
  if (!registry) return noConnection;
  return placeOnboarding(user, input, registry);
});
