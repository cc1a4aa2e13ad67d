"use client";

import { useQuery } from "@tanstack/react-query";
import { useLiveTopic } from "@/components/live/use-live-topic";
import { cn } from "@/lib/cn.shared";

export type LiveCountProps = {
  initial: number;
  /** A route answering `{ count }` for the viewer. */
  endpoint: string;
  /** The live topic whose every event refetches the count. */
  topic: string;
  /** What the number counts, for screen readers: `(n) => "3 open alerts assigned to you"`. */
  label: (count: number) => string;
  tone: "primary" | "warning";
  testId: string;
};

const tones = { primary: "bg-primary text-primary-foreground", warning: "bg-warning text-warning-foreground" };

/**
 * A count beside a sidebar link: rendered with the page's number, then refetched from `endpoint` on every live event
 * of `topic`. Nothing when it is 0.
 */
export function LiveCount({ initial, endpoint, topic, label, tone, testId }: LiveCountProps) {
  const queryKey = ["live-count", endpoint];
  useLiveTopic(topic, [queryKey]);
  const { data: count = initial } = useQuery({
    queryKey,
    queryFn: async (): Promise<number> => {
      const response = await fetch(endpoint, { cache: "no-store" });
      if (!response.ok) throw new Error(`${endpoint}: ${response.status}`);
      return ((await response.json()) as { count: number }).count;
    },
    initialData: initial,
    staleTime: Infinity,
  });
  if (count === 0) return null;
  return (
    <span
      className={cn("ml-auto rounded-full px-2 text-xs font-medium tabular-nums", tones[tone])}
      data-testid={testId}
      aria-label={label(count)}
    >
      {count}
    </span>
  );
}
