import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { startFreezablePostgres } from "@/test/freezable-postgres";
import { createDatabase } from "./client";

describe("the database pool", () => {
  it("survives Postgres ending one of its idle connections, and opens a new one when needed", async () => {
    const { db, pool } = createDatabase(process.env.DATABASE_URL!, 2);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const { rows } = await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      const idlePid = rows[0]!.pid;
      const { db: other, pool: otherPool } = createDatabase(process.env.DATABASE_URL!, 1);
      await other.execute(sql`select pg_terminate_backend(${idlePid})`);
      await otherPool.end();
      await vi.waitFor(() =>
        expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[db\] an idle database connection was closed: terminating connection/)),
      );
      const again = await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      expect(again.rows[0]!.pid).not.toBe(idlePid);
    } finally {
      warn.mockRestore();
      await pool.end();
    }
  });
});

describe("the database pool with Postgres frozen (SIGSTOP: connections stay open, nothing answers)", () => {
  it(
    "fails queries, transactions and new connections within its time-outs, and works again once Postgres resumes",
    { timeout: 60_000 },
    async () => {
      const server = await startFreezablePostgres();
      const { db, pool } = createDatabase(server.url, 3, { connectMs: 1_000, statementMs: 1_000 });
      const timed = async (run: () => Promise<unknown>) => {
        const started = Date.now();
        const error = await run().then(
          () => undefined,
          (e: unknown) => e,
        );
        return { ms: Date.now() - started, error };
      };
      try {
        // Two idle connections in the pool, as after some traffic.
        await Promise.all([db.execute(sql`select pg_sleep(0.05)`), db.execute(sql`select pg_sleep(0.05)`)]);
        expect(pool.idleCount).toBe(2);
        server.freeze();
        const [query, transaction, connecting] = await Promise.all([
          timed(() => db.execute(sql`select 1`)),
          timed(() => db.transaction((tx) => tx.execute(sql`select 1`))),
          timed(() => pool.connect()), // no idle connection left: a new one, whose start-up nobody answers
        ]);
        // Each fails instead of hanging (the test's own time-out would catch a hang): no time limit is asserted here.
        for (const attempt of [query, transaction, connecting]) expect(attempt.error).toBeInstanceOf(Error);
      } finally {
        server.thaw();
      }
      try {
        // The same pool serves again, and no connection it handed back was left inside the abandoned transaction.
        const again = await timed(() => db.transaction((tx) => tx.execute(sql`select 1`)));
        expect(again).toEqual({ ms: expect.any(Number), error: undefined });
        await Promise.all([1, 2, 3].map(() => db.execute(sql`select pg_sleep(0.05)`)));
        expect(pool.totalCount - pool.idleCount).toBe(0); // none still checked out (a failed `begin` used to keep its client)
        const { rows } = await db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
        );
        expect(rows[0]!.n).toBe(0);
      } finally {
        // Bounded: a pool that lost track of a client would wait for it forever.
        await Promise.race([pool.end(), new Promise((resolve) => setTimeout(resolve, 3_000))]);
        await server.stop();
      }
    },
  );
});
