"use client";

import { useQuery } from "@tanstack/react-query";
import { useLiveTopic } from "@/components/live/use-live-topic";
import { liveTopics } from "@/lib/live/topics";

const queryKey = ["dual-control", "open-count"] as const;

async function fetchCount(): Promise<number> {
  const response = await fetch("/api/dual-control/open-count", { cache: "no-store" });
  if (!response.ok) throw new Error(`open-count: ${response.status}`);
  return ((await response.json()) as { count: number }).count;
}

/**
 * The number of changes waiting for a second admin, beside "Settings" in an admin's sidebar: rendered with the
 * page's count, then refetched on every live event of the `pending-changes` topic. Nothing when it is 0.
 */
export function PendingChangesCount({ initial }: { initial: number }) {
  useLiveTopic(liveTopics.pendingChanges, [queryKey]);
  const { data: count = initial } = useQuery({ queryKey, queryFn: fetchCount, initialData: initial, staleTime: Infinity });
  if (count === 0) return null;
  return (
    <span
      className="ml-auto rounded-full bg-warning px-2 text-xs font-medium tabular-nums text-warning-foreground"
      data-testid="pending-changes-count"
      aria-label={`${count} ${count === 1 ? "change" : "changes"} waiting for a second admin`}
    >
      {count}
    </span>
  );
}
