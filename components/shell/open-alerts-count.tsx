"use client";

import { liveTopics } from "@/lib/live/topics.shared";
import { LiveCount } from "./live-count";

/** The number of open alerts assigned to the viewer, beside "Alerts" in the sidebar (the `alerts` topic refreshes it). */
export function OpenAlertsCount({ initial }: { initial: number }) {
  return (
    <LiveCount
      initial={initial}
      endpoint="/api/alerts/open-count"
      topic={liveTopics.alerts}
      label={(count) => `${count} open ${count === 1 ? "alert" : "alerts"} assigned to you`}
      tone="primary"
      testId="open-alerts-count"
    />
  );
}
