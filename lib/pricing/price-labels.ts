/** Names of the price list's datapoints and modes as the console shows them. Client-safe. */
import { datapointLabels } from "@/lib/orders/quote";

/** The order form's names; the legacy companyProfile named apart from company; a datapoint the console does not know by its key. */
export function datapointLabel(datapoint: string): string {
  if (datapoint === "companyProfile") return "Legacy company profile";
  return (datapointLabels as Record<string, string>)[datapoint] ?? datapoint;
}

export const modeLabel = (mode: string) => mode.charAt(0).toUpperCase() + mode.slice(1);
