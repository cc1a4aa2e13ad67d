import type { SpendForecast, TierForecast } from "@/lib/billing/spend-forecast";
import { creditsFromCents, duration, windowWords } from "@/lib/vocabulary/units.shared";
import { label } from "@/lib/vocabulary/words.shared";

/**
 * A forecast in one sentence: "At the current rate (12.5 credits an hour, the average over the last 24 hours):
 * Warning already over; Critical in about 3 hours."
 */
function tierWords(forecast: TierForecast, currentCents: number): string {
  const tier = label("billingTier", forecast.tier);
  switch (forecast.when) {
    case "already":
      return `${tier} already ${currentCents > forecast.cents ? "over" : "reached"}`;
    case "in":
      return `${tier} in ${duration(forecast.inMs)}`;
    case "not_at_this_rate":
      return `${tier} not at this rate`;
  }
}

export function forecastWords(forecast: SpendForecast): string {
  const rate = `${creditsFromCents(Math.round(forecast.centsPerHour))} an hour, the average over the last ${windowWords(Math.round(forecast.rateWindowMs / 60_000))}`;
  const tiers = forecast.tiers.map((t) => tierWords(t, forecast.currentCents));
  return `At the current rate (${rate}): ${tiers.length ? tiers.join("; ") : "no tiers to reach"}.`;
}
