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
export function RefreshOnLive({ topic }: { topic: string }) {
  const router = useRouter();
  const [throttle] = useState(() => createRefreshThrottle(() => router.refresh(), refreshEveryMs));
  useLiveEvent(topic, () => throttle.trigger());
  useEffect(() => () => throttle.cancel(), [throttle]);
  return null;
}
