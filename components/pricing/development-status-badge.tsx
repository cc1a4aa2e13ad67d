import { Badge } from "@/components/ui/badge";
import { isBeta } from "@/lib/pricing/price-matrix";

/** The catalog's development status of a country: "Beta", or any other status it names besides live; nothing for live or none. */
export function DevelopmentStatusBadge({ status }: { status: string | undefined }) {
  if (!status || status === "live") return null;
  return (
    <Badge variant={isBeta(status) ? "warning" : "outline"} data-development-status={status}>
      {isBeta(status) ? "Beta" : status}
    </Badge>
  );
}
