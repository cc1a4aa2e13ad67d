"use client";

import { useQuery } from "@tanstack/react-query";
import { useLiveTopic } from "@/components/live/use-live-topic";
import { liveTopics } from "@/lib/live/topics";

const queryKey = ["alerts", "open-count"] as const;

async function fetchCount(): Promise<number> {
  const response = await fetch("/api/alerts/open-count", { cache: "no-store" });
  if (!response.ok) throw new Error(`open-count: ${response.status}`);
  return ((await response.json()) as { count: number }).count;
}

/**
 * The number of open alerts assigned to the viewer, beside "Alerts" in the sidebar: rendered with the page's
 * count, then refetched on every live event of the `alerts` topic. Nothing when it is 0.
 */
export function OpenAlertsCount({ initial }: { initial: number }) {
  useLiveTopic(liveTopics.alerts, [queryKey]);
  const { data: count = initial } = useQuery({ queryKey, queryFn: fetchCount, initialData: initial, staleTime: Infinity });
  if (count === 0) return null;
  return (
    <span
      className="ml-auto rounded-full bg-primary px-2 text-xs font-medium tabular-nums text-primary-foreground"
      data-testid="open-alerts-count"
      aria-label={`${count} open ${count === 1 ? "alert" : "alerts"} assigned to you`}
    >
      {count}
    </span>
  );
}
