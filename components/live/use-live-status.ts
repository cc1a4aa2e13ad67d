"use client";

import { useContext, useSyncExternalStore } from "react";
import { initialLiveState, type LiveState } from "./live-client";
import { LiveContext } from "./live-provider";

const noSubscription = () => () => {};

/**
 * The tab's live connection: "connecting", "open" (events arrive as they happen) or "closed" (waiting to
 * try again), and when the last event came. Pages show it, and poll while it is not "open".
 */
export function useLiveStatus(): LiveState {
  const client = useContext(LiveContext);
  return useSyncExternalStore(
    client?.onStateChange ?? noSubscription,
    () => client?.state() ?? initialLiveState,
    () => initialLiveState,
  );
}
