"use client";

import { Badge } from "@/components/ui/badge";
import { useLiveStatus } from "@/components/live/use-live-status";

/** Whether new events (alerts, billing events) arrive on their own: "Live" while the tab's live connection is open. */
export function LiveBadge() {
  const { status } = useLiveStatus();
  return (
    <Badge variant={status === "open" ? "secondary" : "outline"} data-live-status={status}>
      {status === "open" ? "Live" : status === "connecting" ? "Connecting…" : "Reconnecting…"}
    </Badge>
  );
}
