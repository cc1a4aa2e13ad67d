"use client";

import { useContext, useEffect, useEffectEvent } from "react";
import type { LiveNotification } from "./live-client";
import { LiveContext } from "./live-provider";

/**
 * Calls `handler` for each live event on `topic` (nothing when `topic` is null) and on each reset,
 * always with the latest `handler`.
 */
export function useLiveEvent(topic: string | null, handler: (notification: LiveNotification) => void): void {
  const client = useContext(LiveContext);
  const onNotification = useEffectEvent(handler);
  useEffect(() => {
    if (!client || topic === null) return;
    return client.subscribe(topic, (notification) => onNotification(notification));
  }, [client, topic]);
}
