"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useLiveEvent } from "./use-live-event";

/** At most one refresh per this many milliseconds, however many events arrive. */
const refreshEveryMs = 500;

/**
 * Re-renders a server-rendered page (router.refresh) when a live event arrives on `topic`, coalescing bursts
 * (a request's webhooks come several a second). Renders nothing.
 */
export function RefreshOnLive({ topic }: { topic: string }) {
  const router = useRouter();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLiveEvent(topic, () => {
    timer.current ??= setTimeout(() => {
      timer.current = undefined;
      router.refresh();
    }, refreshEveryMs);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return null;
}
