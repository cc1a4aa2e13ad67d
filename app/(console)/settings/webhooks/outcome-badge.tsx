import { Badge, type BadgeProps } from "@/components/ui/badge";
import { deliveryOutcomeLabels, type DeliveryOutcome } from "@/lib/webhooks/outcomes";

const variants: Record<DeliveryOutcome, BadgeProps["variant"]> = {
  applied: "success",
  stale: "secondary",
  duplicate: "outline",
  failed: "destructive",
  unhandled: "warning",
  mismatch: "destructive",
};

export function OutcomeBadge({ outcome }: { outcome: DeliveryOutcome }) {
  return (
    <Badge variant={variants[outcome]} data-outcome={outcome}>
      {deliveryOutcomeLabels[outcome]}
    </Badge>
  );
}
