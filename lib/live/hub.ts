import "server-only";
/**
 * In-memory fan-out of live events to the subscribers of one process (its SSE streams). Pure: no I/O,
 * no timers. The listener (listener.ts) feeds it from Postgres; each SSE stream subscribes while open.
 */

/** One committed live event: `id` is its row in live_events (the SSE event id). */
export type LiveEvent = { type: "event"; id: number; topic: string };

/**
 * Tells subscribers that events may have been lost (the process could not re-read all it missed), so
 * clients should refetch everything. `id` is the newest event id known at that moment.
 */
export type LiveReset = { type: "reset"; id: number };

export type LiveMessage = LiveEvent | LiveReset;

export type LiveSubscriber = (message: LiveMessage) => void;

export type LiveHub = {
  /** Adds a subscriber; the returned function removes it (calling it twice is harmless). */
  subscribe: (subscriber: LiveSubscriber) => () => void;
  /** Calls every current subscriber; one that throws does not stop the others. */
  publish: (message: LiveMessage) => void;
  /** How many subscribers are attached (for leak checks and metrics). */
  size: () => number;
};

export function createLiveHub(options: { onError?: (error: unknown) => void } = {}): LiveHub {
  const subscribers = new Set<LiveSubscriber>();
  const onError = options.onError ?? ((error: unknown) => console.error("[live] a subscriber failed:", error));
  return {
    subscribe(subscriber) {
      // A wrapper per call, so the same function subscribed twice is two subscriptions.
      const entry: LiveSubscriber = (message) => subscriber(message);
      subscribers.add(entry);
      return () => {
        subscribers.delete(entry);
      };
    },
    publish(message) {
      // A copy, so that subscribing or unsubscribing during delivery affects only the next message.
      for (const subscriber of [...subscribers]) {
        try {
          subscriber(message);
        } catch (error) {
          onError(error);
        }
      }
    },
    size: () => subscribers.size,
  };
}
