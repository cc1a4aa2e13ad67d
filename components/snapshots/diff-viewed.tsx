"use client";

import { useEffect } from "react";

/**
 * Tells the server, once the diff is on screen, that this user has seen it (the alert's timeline records it once
 * per user). A render on the server, or a prefetch, does not count as seeing it. Renders nothing.
 */
export function DiffViewed({ report }: { report: () => Promise<unknown> }) {
  useEffect(() => {
    void report();
  }, [report]);
  return null;
}
