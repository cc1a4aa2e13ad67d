import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
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
      await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[db\] an idle database connection was closed: terminating connection/)));
      const again = await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      expect(again.rows[0]!.pid).not.toBe(idlePid);
    } finally {
      warn.mockRestore();
      await pool.end();
    }
  });
});
