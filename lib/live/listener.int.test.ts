import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase, db } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { startFreezablePostgres } from "@/test/freezable-postgres";
import type { LiveMessage } from "./hub";
import { createLiveListener, liveListener, type LiveListener, type LiveListenerOptions } from "./listener";
import { publishLive } from "./publish";

const open: LiveListener[] = [];
let appNames = 0;

/** A listener on the test database, as another app process would have, recording what it dispatches. */
function listen(options: Partial<LiveListenerOptions> = {}) {
  const received: LiveMessage[] = [];
  const logs: string[] = [];
  const listener = createLiveListener({
    connectionString: process.env.DATABASE_URL!,
    applicationName: `live-test-${process.pid}-${++appNames}`,
    backoff: { minMs: 50, maxMs: 400 },
    log: (message) => logs.push(message),
    ...options,
  });
  open.push(listener);
  const unsubscribe = listener.subscribe((m) => received.push(m));
  return { listener, received, logs, unsubscribe, topics: () => received.flatMap((m) => (m.type === "event" ? [m.topic] : [])) };
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const publish = (topics: string[]) => db().transaction((tx) => publishLive(tx, topics));

afterEach(async () => {
  await Promise.all(open.splice(0).map((l) => l.close()));
});

describe("the live listener", () => {
  it("two listeners (two processes) each get an event once its transaction commits, and nothing from one rolled back", async () => {
    const one = listen();
    const two = listen();
    await Promise.all([one.listener.ready(), two.listener.ready()]);
    expect(one.listener.backendPid()).not.toBeNull();
    expect(one.listener.backendPid()).not.toBe(two.listener.backendPid());

    // Notifications are held until commit.
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query("begin");
      const [pending] = await publishLive(drizzle(client), ["committed-later"]);
      await new Promise((r) => setTimeout(r, 150));
      expect(one.topics()).toEqual([]);
      await client.query("commit");
      await expect(
        db().transaction(async (tx) => {
          await publishLive(tx, ["rolled-back"]);
          tx.rollback();
        }),
      ).rejects.toThrow();
      const [last] = await publish(["after"]);
      await waitFor(() => one.received.length >= 2 && two.received.length >= 2, "both listeners");
      for (const { received } of [one, two]) {
        expect(received).toEqual([
          { type: "event", id: pending!.id, topic: "committed-later" },
          { type: "event", id: last!.id, topic: "after" },
        ]);
      }
    } finally {
      await client.end();
    }
  });

  it("does not open a connection until the first subscriber, and keeps one per database URL", async () => {
    const listener = createLiveListener({ connectionString: process.env.DATABASE_URL!, log: () => {} });
    open.push(listener);
    expect(listener.state()).toBe("idle");
    listener.subscribe(() => {})();
    await listener.ready();
    expect(listener.state()).toBe("listening");
    expect(liveListener()).toBe(liveListener());
    open.push(liveListener());
  });

  it("reconnects after its connection is killed and re-reads what was committed meanwhile, once each", async () => {
    const { listener, received, logs } = listen({ backoff: { minMs: 1_500, maxMs: 1_500 } });
    await listener.ready();
    const [before] = await publish(["before"]);
    await waitFor(() => received.length === 1, "the first event");
    const pid = listener.backendPid()!;

    await db().execute(sql`select pg_terminate_backend(${pid})`);
    await waitFor(() => listener.state() !== "listening", "the listener to notice");
    const missed = await publish(["while-down-1", "while-down-2"]);
    expect(listener.state()).not.toBe("listening"); // published during the backoff, so only a re-read finds them
    await listener.ready();
    expect(listener.backendPid()).not.toBe(pid);
    const [after] = await publish(["after"]);
    await waitFor(() => received.some((m) => m.type === "event" && m.id === after!.id), "the event after reconnecting");

    expect(received).toEqual([
      { type: "event", id: before!.id, topic: "before" },
      ...missed.map((m) => ({ type: "event", id: m.id, topic: m.topic })),
      { type: "event", id: after!.id, topic: "after" },
    ]);
    expect(logs).toContain("the LISTEN connection failed; reconnecting");
  });

  it("after a reconnect, also re-reads an event with a lower id that committed after the drop", async () => {
    const { listener, received } = listen({ backoff: { minMs: 1_500, maxMs: 1_500 } });
    await listener.ready();
    const slow = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await slow.connect();
    try {
      await slow.query("begin");
      const [late] = await publishLive(drizzle(slow), ["late"]); // lower id, not committed yet
      const [early] = await publish(["early"]); // higher id, committed first
      await waitFor(() => received.length === 1, "the early event");
      await db().execute(sql`select pg_terminate_backend(${listener.backendPid()!})`);
      await waitFor(() => listener.state() !== "listening", "the listener to notice");
      await slow.query("commit");
      expect(listener.state()).not.toBe("listening"); // committed while it was away: only a re-read finds it
      await listener.ready();
      await waitFor(() => received.length === 2, "the late event");
      expect(late!.id).toBeLessThan(early!.id);
      expect(received).toEqual([
        { type: "event", id: early!.id, topic: "early" },
        { type: "event", id: late!.id, topic: "late" },
      ]);
    } finally {
      await slow.end();
    }
  });

  it("tells subscribers to refetch everything when what it missed was pruned", async () => {
    const { listener, received } = listen({ backoff: { minMs: 1_500, maxMs: 1_500 } });
    await listener.ready();
    await publish(["seen"]);
    await waitFor(() => received.length === 1, "the first event");
    await db().execute(sql`select pg_terminate_backend(${listener.backendPid()!})`);
    await waitFor(() => listener.state() !== "listening", "the listener to notice");
    await db().execute(sql`delete from live_events`); // as if pruned while the process was away
    const [newest] = await publish(["unseen"]);
    expect(listener.state()).not.toBe("listening");
    await listener.ready();
    await waitFor(() => received.length === 2, "the reset");
    expect(received[1]).toEqual({ type: "reset", id: newest!.id });
  });

  it("keeps retrying while the database refuses, without throwing, and connects once it can", async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = "/no_such_database";
    const { listener, logs } = listen({ connectionString: url.toString(), backoff: { minMs: 20, maxMs: 40 } });
    const abort = new AbortController();
    const ready = listener.ready(abort.signal);
    await waitFor(() => logs.length >= 3, "three failed attempts");
    expect(listener.state()).not.toBe("listening");
    abort.abort();
    await expect(ready).rejects.toBeDefined();
    await listener.close();
    expect(listener.state()).toBe("closed");
  });

  it("ignores a malformed notification", async () => {
    const { listener, received, logs } = listen();
    await listener.ready();
    await db().execute(sql`select pg_notify('registry_desk_live', 'not json')`);
    const [ok] = await publish(["ok"]);
    await waitFor(() => received.length === 1, "the good event");
    expect(received).toEqual([{ type: "event", id: ok!.id, topic: "ok" }]);
    expect(logs).toContain("ignored a malformed notification");
  });

  it("delivers an event whose topic is too long for NOTIFY's 8,000 bytes: the notice carries its id, the topic is read back", async () => {
    const { listener, received } = listen();
    await listener.ready();
    const long = `request:${"é".repeat(10_000)}`;
    const [big, small] = await publish([long, "requests"]);
    await waitFor(() => received.length === 2, "both events");
    expect(received).toEqual(
      expect.arrayContaining([
        { type: "event", id: big!.id, topic: long },
        { type: "event", id: small!.id, topic: "requests" },
      ]),
    );
  });

  it("reconnects when a health check gets no answer", async () => {
    const { listener, logs } = listen({ healthCheckEveryMs: 100, healthCheckTimeoutMs: 50 });
    await listener.ready();
    const pid = listener.backendPid()!;
    // A connection that died silently (no RST, no error): its queries never answer. Simulated by making
    // the health check's `select 1` hang.
    const original = pg.Client.prototype.query;
    const stall = (async () => {
      await waitFor(() => logs.includes("the LISTEN connection stopped answering; reconnecting"), "the failed health check");
    })();
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (args[0] === "select 1") return new Promise(() => {});
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      await stall;
    } finally {
      pg.Client.prototype.query = original;
    }
    await waitFor(() => listener.state() === "listening" && listener.backendPid() !== pid, "a new connection");
  });

  it(
    "with Postgres frozen, gives the connection up, retries without hanging, and listens again once Postgres resumes",
    { timeout: 60_000 },
    async () => {
      const server = await startFreezablePostgres();
      await migrateDatabase(server.url);
      const own = createDatabase(server.url, 1);
      const failedAttempts = () => logs.filter((m) => m === "could not listen for live events").length;
      const { listener, received, logs } = listen({
        connectionString: server.url,
        healthCheckEveryMs: 200,
        healthCheckTimeoutMs: 5_000,
        timeouts: { connectMs: 500, statementMs: 500 },
        backoff: { minMs: 50, maxMs: 200 },
      });
      try {
        await listener.ready();
        server.freeze();
        try {
          // The health check's `select 1` gets no answer within the statement time-out.
          await waitFor(() => logs.includes("the LISTEN connection stopped answering; reconnecting"), "the failed health check", 5_000);
          // Each new attempt ends at the connect time-out instead of waiting for a server that does not answer.
          const before = failedAttempts();
          await waitFor(() => failedAttempts() >= before + 2, "two attempts to end", 5_000);
          expect(listener.state()).not.toBe("listening");
        } finally {
          server.thaw();
        }
        await listener.ready();
        const [event] = await own.db.transaction((tx) => publishLive(tx, ["after-the-freeze"]));
        await waitFor(() => received.some((m) => m.type === "event" && m.id === event!.id), "the event after the freeze");
      } finally {
        await listener.close();
        await own.pool.end();
        await server.stop();
      }
    },
  );
});
