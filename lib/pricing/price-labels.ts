import "server-only";
/** Names of the price list's datapoints and modes as the console shows them. */
import { datapointLabels } from "@/lib/pricing/quote.shared";

/** The order form's names; the legacy companyProfile named apart from company; a datapoint the console does not know by its key. */
export function datapointLabel(datapoint: string): string {
  if (datapoint === "companyProfile") return "Legacy company profile";
  return (datapointLabels as Record<string, string>)[datapoint] ?? datapoint;
}

/** A word of the API as a label: "verification" → "Verification", "live" → "Live". */
export const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export const modeLabel = capitalised;
