"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { createRefreshThrottle } from "./refresh-throttle";
import { useLiveEvent } from "./use-live-event";

/** At most one refresh per this many milliseconds, however many events arrive. */
const refreshEveryMs = 500;

/**
 * Re-renders a server-rendered page (router.refresh) when a live event arrives on `topic`: at once for the first
 * event after a quiet spell (a new alert shows without waiting), and coalescing bursts after it (a request's
 * webhooks come several a second). Renders nothing.
 */
export function RefreshOnLive({ topic, refreshOnMount = false }: { topic: string; refreshOnMount?: boolean }) {
  const router = useRouter();
  const [throttle] = useState(() => createRefreshThrottle(() => router.refresh(), refreshEveryMs));
  useLiveEvent(topic, () => throttle.trigger());
  // A page whose state moves on by itself within a second (a batch's step) may change between its server render and
  // this subscription: with `refreshOnMount` it is rendered once more after subscribing, so no such change is missed.
  useEffect(() => {
    if (refreshOnMount) throttle.trigger();
  }, [refreshOnMount, throttle]);
  useEffect(() => () => throttle.cancel(), [throttle]);
  return null;
}
