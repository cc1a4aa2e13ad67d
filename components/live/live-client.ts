/**
 * The browser side of the live bus, without React: one EventSource to /api/live for every topic, handlers
 * per topic, and the connection state. The provider (live-provider.tsx) holds one per tab.
 */
import { backoffDelay, type Backoff } from "@/lib/live/backoff.shared";
import { liveEventName, parseLiveEventData, readyEventName, resetEventName } from "@/lib/live/sse-format.shared";

export type LiveStatus = "connecting" | "open" | "closed";

export type LiveState = {
  /** "open" once the server said `ready` (it is listening); "closed" while waiting to open a new EventSource. */
  status: LiveStatus;
  /** When the last live event or reset arrived (ms since the epoch), or null. */
  lastEventAt: number | null;
};

/** What a topic handler is told: an event on its topic, or a reset (refetch everything). */
export type LiveNotification = { type: "event"; id: number; topic: string } | { type: "reset" };

/** The part of EventSource used here. */
export type EventSourceLike = {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener: (type: string, listener: (event: MessageEvent<string>) => void) => void;
  close: () => void;
};

export type LiveClientOptions = {
  url?: string;
  createEventSource?: (url: string) => EventSourceLike;
  /** For opening a new EventSource after the browser gave up on one (an HTTP error, e.g. during a deploy). */
  backoff?: Backoff;
  /** How many event ids are remembered, so that one sent again after a reconnect is not handled twice. */
  rememberedIds?: number;
};

export type LiveClient = {
  /** Opens the connection; returns the function that closes it for good. */
  connect: () => () => void;
  /** Calls `handler` for each new event on `topic` and for each reset; returns the unsubscribe function. */
  subscribe: (topic: string, handler: (notification: LiveNotification) => void) => () => void;
  state: () => LiveState;
  /** For useSyncExternalStore. */
  onStateChange: (listener: () => void) => () => void;
};

const closedState = 2; // EventSource.CLOSED

export const initialLiveState: LiveState = { status: "connecting", lastEventAt: null };

export function createLiveClient(options: LiveClientOptions = {}): LiveClient {
  const url = options.url ?? "/api/live";
  const createEventSource = options.createEventSource ?? ((u: string) => new EventSource(u));
  const backoff = options.backoff ?? { minMs: 1_000, maxMs: 30_000 };
  const rememberedIds = options.rememberedIds ?? 2_000;

  const handlers = new Map<string, Set<(notification: LiveNotification) => void>>();
  const stateListeners = new Set<() => void>();
  const handled = new Set<number>();
  let state = initialLiveState;
  let lastId: string | null = null;

  function setState(next: Partial<LiveState>) {
    if (Object.entries(next).every(([k, v]) => state[k as keyof LiveState] === v)) return;
    state = { ...state, ...next };
    for (const listener of [...stateListeners]) listener();
  }

  function notify(topic: string | null, notification: LiveNotification) {
    const targets = topic === null ? [...handlers.values()].flatMap((set) => [...set]) : [...(handlers.get(topic) ?? [])];
    for (const handler of targets) {
      try {
        handler(notification);
      } catch (error) {
        console.error("[live] a handler failed:", error);
      }
    }
  }

  function onLive(event: MessageEvent<string>) {
    const id = Number(event.lastEventId);
    const data = parseLiveEventData(event.data);
    if (!data || !Number.isSafeInteger(id)) return;
    lastId = event.lastEventId;
    if (handled.has(id)) return; // sent again after a reconnect
    handled.add(id);
    if (handled.size > rememberedIds) handled.delete(handled.values().next().value!);
    setState({ lastEventAt: Date.now() });
    notify(data.topic, { type: "event", id, topic: data.topic });
  }

  function onReset(event: MessageEvent<string>) {
    if (event.lastEventId) lastId = event.lastEventId;
    setState({ lastEventAt: Date.now() });
    notify(null, { type: "reset" });
  }

  return {
    connect() {
      let source: EventSourceLike | null = null;
      let retry: ReturnType<typeof setTimeout> | undefined;
      let failures = 0;
      let stopped = false;

      const open = () => {
        // A new EventSource does not send Last-Event-ID by itself: pass the id we had.
        source = createEventSource(lastId === null ? url : `${url}?lastEventId=${encodeURIComponent(lastId)}`);
        setState({ status: "connecting" });
        source.addEventListener(liveEventName, onLive);
        source.addEventListener(resetEventName, onReset);
        source.addEventListener(readyEventName, (event) => {
          if (event.lastEventId) lastId = event.lastEventId;
          failures = 0;
          setState({ status: "open" });
        });
        source.onerror = () => {
          if (stopped || !source) return;
          if (source.readyState !== closedState) {
            setState({ status: "connecting" }); // the browser reconnects by itself, with Last-Event-ID
            return;
          }
          // The browser gave up (an HTTP error or a wrong content type): open a new one after a while.
          source.close();
          source = null;
          setState({ status: "closed" });
          retry = setTimeout(open, backoffDelay(failures++, backoff));
        };
      };

      open();
      return () => {
        stopped = true;
        clearTimeout(retry);
        source?.close();
        source = null;
        setState({ status: "closed" });
      };
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      const entry = (notification: LiveNotification) => handler(notification);
      set.add(entry);
      return () => {
        set.delete(entry);
        if (set.size === 0 && handlers.get(topic) === set) handlers.delete(topic);
      };
    },
    state: () => state,
    onStateChange(listener) {
      stateListeners.add(listener);
      return () => {
        stateListeners.delete(listener);
      };
    },
  };
}
