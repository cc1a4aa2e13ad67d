"use client";

import { liveTopics } from "@/lib/live/topics.shared";
import { LiveCount } from "./live-count";

/** The number of changes waiting for a second admin, beside "Settings" in an admin's sidebar (the `pending-changes` topic refreshes it). */
export function PendingChangesCount({ initial }: { initial: number }) {
  return (
    <LiveCount
      initial={initial}
      endpoint="/api/dual-control/open-count"
      topic={liveTopics.pendingChanges}
      label={(count) => `${count} ${count === 1 ? "change" : "changes"} waiting for a second admin`}
      tone="warning"
      testId="pending-changes-count"
    />
  );
}
