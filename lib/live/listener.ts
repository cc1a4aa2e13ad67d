import "server-only";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { z } from "zod";
import type { DatabaseTimeouts } from "@/db/client";
import { appEnv, databaseTimeoutDefaults } from "@/lib/env";
import { backoffDelay, type Backoff } from "./backoff.shared";
import { latestLiveEventId, pruneLiveEvents, replayLiveEvents, type LiveLogExecutor } from "./event-log";
import { createLiveHub, type LiveEvent, type LiveHub, type LiveSubscriber } from "./hub";
import { liveChannel } from "./publish";

/**
 * The process's one LISTEN connection: a dedicated pg.Client (not from the pool, which would hand the
 * connection to others), started by the first subscriber. Notifications go to an in-memory hub that the
 * SSE streams subscribe to. When the connection drops it reconnects with backoff and re-reads from
 * live_events what was committed meanwhile; if it cannot (pruned, or too much), it publishes a reset.
 */

export type LiveListenerState = "idle" | "connecting" | "listening" | "waiting" | "closed";

export type LiveListener = {
  /** Adds a subscriber (starting the listener if needed); returns the function that removes it. */
  subscribe: (subscriber: LiveSubscriber) => () => void;
  /**
   * Resolves once the connection is LISTENing and has caught up (starting the listener if needed).
   * Rejects if `signal` aborts first or the listener is closed.
   */
  ready: (signal?: AbortSignal) => Promise<void>;
  state: () => LiveListenerState;
  /** How many subscribers are attached. */
  subscribers: () => number;
  /** The Postgres backend pid of the LISTEN connection while listening (for diagnostics and tests). */
  backendPid: () => number | null;
  /** Stops listening for good and releases the connection. */
  close: () => Promise<void>;
};

export type LiveListenerOptions = {
  connectionString: string;
  /** Shown in pg_stat_activity. */
  applicationName?: string;
  hub?: LiveHub;
  backoff?: Backoff;
  /** How often this process deletes expired live_events rows (0: never). */
  pruneEveryMs?: number;
  /** How often the connection is checked with a query, to notice one that died silently (0: never). */
  healthCheckEveryMs?: number;
  /** How long a health check may take before the connection is given up. */
  healthCheckTimeoutMs?: number;
  /**
   * Connect and statement time-outs, as for the pool (db/client.ts): a server that accepts the connection but
   * never answers (frozen, or a stalled host) fails the attempt, and the listener retries with backoff.
   */
  timeouts?: DatabaseTimeouts;
  log?: (message: string, error?: unknown) => void;
};

/** A notice carries its topic, unless the topic was too long for NOTIFY (see maxNotifiedTopicBytes). */
const notice = z.object({ id: z.number().int().positive(), topic: z.string().optional() });

/** Ids dispatched lately, so that an event both notified and re-read goes out once. */
function recentIds(capacity: number) {
  const ids = new Set<number>();
  return {
    has: (id: number) => ids.has(id),
    add(id: number) {
      ids.add(id);
      if (ids.size > capacity) ids.delete(ids.values().next().value!);
    },
  };
}

export function createLiveListener(options: LiveListenerOptions): LiveListener {
  const hub = options.hub ?? createLiveHub();
  const backoff = options.backoff ?? { minMs: 250, maxMs: 15_000 };
  const pruneEveryMs = options.pruneEveryMs ?? 5 * 60_000;
  const healthCheckEveryMs = options.healthCheckEveryMs ?? 30_000;
  const healthCheckTimeoutMs = options.healthCheckTimeoutMs ?? 10_000;
  const timeouts = options.timeouts ?? databaseTimeoutDefaults;
  const log =
    options.log ??
    ((message: string, error?: unknown) => console.warn(`[live] ${message}${error instanceof Error ? `: ${error.message}` : ""}`));

  let state: LiveListenerState = "idle";
  let running: Promise<void> | null = null;
  let closing = false;
  let client: pg.Client | null = null;
  /** The highest event id dispatched or known when connecting: where a catch-up starts. */
  let cursor: number | null = null;
  const recent = recentIds(10_000);
  const waiters = new Set<{ resolve: () => void; reject: (error: Error) => void }>();
  /** Ends the current session or backoff wait early (on close, or a failed health check). */
  let interrupt: (() => void) | null = null;

  function dispatch(event: LiveEvent) {
    if (recent.has(event.id)) return;
    recent.add(event.id);
    if (cursor === null || event.id > cursor) cursor = event.id;
    hub.publish(event);
  }

  function onNotification(message: pg.Notification) {
    if (message.channel !== liveChannel) return;
    let parsed: z.infer<typeof notice>;
    try {
      parsed = notice.parse(JSON.parse(message.payload ?? ""));
    } catch (error) {
      log("ignored a malformed notification", error);
      return;
    }
    if (parsed.topic !== undefined) return dispatch({ type: "event", id: parsed.id, topic: parsed.topic });
    const { id } = parsed;
    const connection = client;
    connection
      ?.query<{ topic: string }>("select topic from live_events where id = $1", [id])
      .then(({ rows }) => {
        if (rows[0]) dispatch({ type: "event", id, topic: rows[0].topic });
      })
      .catch((error: unknown) => log(`could not read the topic of live event ${id}`, error));
  }

  async function catchUp(connection: LiveLogExecutor) {
    if (cursor === null) {
      // First connection: nothing to catch up on; later catch-ups start from the newest event now. Those
      // in its replay window were committed before we listened: remembered as seen, so that a later
      // catch-up does not hand them out as new.
      const latest = await latestLiveEventId(connection);
      const before = latest > 0 ? await replayLiveEvents(connection, latest) : { reset: true as const };
      if (!before.reset) for (const event of before.events) recent.add(event.id);
      cursor = Math.max(cursor ?? 0, latest);
      return;
    }
    const replay = await replayLiveEvents(connection, cursor);
    if (replay.reset) {
      log(`could not re-read every event after ${cursor}; telling clients to refetch`);
      cursor = Math.max(cursor, replay.id);
      hub.publish({ type: "reset", id: replay.id });
      return;
    }
    for (const event of replay.events) dispatch(event);
  }

  function settleWaiters(error?: Error) {
    for (const waiter of waiters) {
      if (error) waiter.reject(error);
      else waiter.resolve();
    }
    waiters.clear();
  }

  /** One connection's life; resolves when it ends. Returns whether it got as far as listening. */
  async function session(): Promise<boolean> {
    const connection = new pg.Client({
      connectionString: options.connectionString,
      application_name: options.applicationName ?? "registry-desk-live",
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: timeouts.connectMs,
      ...(timeouts.statementMs > 0 && { statement_timeout: timeouts.statementMs, query_timeout: timeouts.statementMs }),
    });
    const database = drizzle(connection);
    let listening = false;
    const timers: NodeJS.Timeout[] = [];
    const ended = new Promise<void>((resolve) => {
      interrupt = resolve;
      // Stays attached for the client's whole life: an 'error' event with no listener would crash the process.
      connection.on("error", (error) => {
        if (listening) log("the LISTEN connection failed; reconnecting", error);
        resolve();
      });
      connection.on("end", () => resolve());
    });
    connection.on("notification", onNotification);
    client = connection;
    try {
      const starting = (async () => {
        await connection.connect();
        await connection.query(`listen ${liveChannel}`);
        await catchUp(database);
      })();
      starting.catch(() => {}); // if the connection ends first, the race below has already reported it
      await Promise.race([
        starting,
        ended.then(() => {
          throw new Error("the connection ended while starting to listen");
        }),
      ]);
      if (closing) return false;
      listening = true;
      state = "listening";
      settleWaiters();
      if (pruneEveryMs > 0) {
        timers.push(
          setInterval(() => {
            pruneLiveEvents(database).catch((error) => log("could not prune live_events", error));
          }, pruneEveryMs).unref(),
        );
      }
      if (healthCheckEveryMs > 0) {
        timers.push(
          setInterval(() => {
            let timeout: NodeJS.Timeout | undefined;
            Promise.race([
              connection.query("select 1"),
              new Promise((_, reject) => {
                timeout = setTimeout(() => reject(new Error(`no answer within ${healthCheckTimeoutMs} ms`)), healthCheckTimeoutMs).unref();
              }),
            ])
              .catch((error) => {
                log("the LISTEN connection stopped answering; reconnecting", error);
                interrupt?.();
              })
              .finally(() => clearTimeout(timeout));
          }, healthCheckEveryMs).unref(),
        );
      }
      await ended;
      return true;
    } catch (error) {
      if (!closing) log("could not listen for live events", error);
      return listening;
    } finally {
      for (const timer of timers) clearInterval(timer);
      interrupt = null;
      client = null;
      connection.removeListener("notification", onNotification);
      connection.end().catch(() => {});
    }
  }

  async function run() {
    let failures = 0;
    while (!closing) {
      state = "connecting";
      const listened = await session();
      if (closing) break;
      failures = listened ? 0 : failures + 1;
      state = "waiting";
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, backoffDelay(failures, backoff)).unref();
        interrupt = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      interrupt = null;
    }
    state = "closed";
  }

  function start() {
    if (!running && !closing) running = run();
  }

  return {
    subscribe(subscriber) {
      const unsubscribe = hub.subscribe(subscriber);
      start();
      return unsubscribe;
    },
    ready(signal) {
      if (closing) return Promise.reject(new Error("the live listener is closed"));
      if (signal?.aborted) return Promise.reject(signal.reason);
      start();
      if (state === "listening") return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          waiters.delete(waiter);
          reject(signal!.reason);
        };
        const waiter = {
          resolve: () => {
            signal?.removeEventListener("abort", onAbort);
            resolve();
          },
          reject: (error: Error) => {
            signal?.removeEventListener("abort", onAbort);
            reject(error);
          },
        };
        waiters.add(waiter);
        signal?.addEventListener("abort", onAbort, { once: true });
      });
    },
    state: () => state,
    subscribers: () => hub.size(),
    backendPid: () => (state === "listening" ? ((client as unknown as { processID?: number } | null)?.processID ?? null) : null),
    async close() {
      closing = true;
      settleWaiters(new Error("the live listener is closed"));
      interrupt?.();
      await running;
      state = "closed";
    },
  };
}

// One listener per database URL and process, kept on globalThis so that hot reload in `next dev`
// does not open a second LISTEN connection.
const listeners = ((globalThis as { registryDeskLiveListeners?: Map<string, LiveListener> }).registryDeskLiveListeners ??= new Map());

/** The server's live listener, on DATABASE_URL. */
export function liveListener(): LiveListener {
  const url = appEnv().DATABASE_URL;
  let found = listeners.get(url);
  if (!found || found.state() === "closed") {
    const env = appEnv();
    found = createLiveListener({
      connectionString: url,
      timeouts: { connectMs: env.DATABASE_CONNECT_TIMEOUT_MS, statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS },
    });
    listeners.set(url, found);
  }
  return found;
}
