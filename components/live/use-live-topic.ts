"use client";

import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useLiveEvent } from "./use-live-event";

/**
 * Refetches the queries under `queryKeys` whenever a live event arrives on `topic`, or a reset (which
 * means events may have been missed). Nothing when `topic` is null.
 *
 *   useLiveTopic(liveTopics.request(id), [["request", id]]);
 */
export function useLiveTopic(topic: string | null, queryKeys: readonly QueryKey[]): void {
  const queryClient = useQueryClient();
  useLiveEvent(topic, () => {
    for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
  });
}
