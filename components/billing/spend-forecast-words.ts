import { creditCentsAsMoney } from "@/components/money/credit-cents";
import type { SpendForecast, TierForecast } from "@/lib/billing/spend-forecast";
import { approxDuration } from "@/lib/billing/window-words";

/**
 * A forecast in one sentence: "At the current rate (12.50 an hour, the average over the last 24 h): warning
 * already over; critical in ~3 h." Client-safe.
 */
function tierWords(forecast: TierForecast, currentCents: number): string {
  switch (forecast.when) {
    case "already":
      return `${forecast.tier} already ${currentCents > forecast.cents ? "over" : "reached"}`;
    case "in":
      return `${forecast.tier} in ${approxDuration(forecast.inMs)}`;
    case "not_at_this_rate":
      return `${forecast.tier} not at this rate`;
  }
}

export function forecastWords(forecast: SpendForecast): string {
  const hours = Math.round(forecast.rateWindowMs / 3_600_000);
  const rate = `${creditCentsAsMoney(Math.round(forecast.centsPerHour))} an hour, the average over the last ${hours} h`;
  const tiers = forecast.tiers.map((t) => tierWords(t, forecast.currentCents));
  return `At the current rate (${rate}): ${tiers.length ? tiers.join("; ") : "no tiers to reach"}.`;
}
