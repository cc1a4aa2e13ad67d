import { Badge } from "@/components/ui/badge";
import type { MonitorHealth, MonitorHealthState } from "@/lib/monitors/health";

const variants: Record<MonitorHealthState, "success" | "warning" | "destructive" | "outline"> = {
  ok: "success",
  stale: "warning",
  error: "destructive",
  deactivated: "outline",
};
const labels: Record<MonitorHealthState, string> = { ok: "OK", stale: "Stale", error: "Error", deactivated: "Deactivated" };

/** A monitor's health as a badge, with what it rests on written beside it. */
export function HealthBadge({ health }: { health: MonitorHealth }) {
  return (
    <div className="space-y-1">
      <Badge variant={variants[health.state]} data-health={health.state}>
        {labels[health.state]}
      </Badge>
      <div className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{health.detail}</div>
    </div>
  );
}
