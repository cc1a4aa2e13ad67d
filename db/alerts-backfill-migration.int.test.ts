import { migrate } from "drizzle-orm/node-postgres/migrator";
import { describe, expect, it } from "vitest";
import { migrationBefore } from "@/test/migration-before";
import { createDatabase } from "./client";
import { migrationsFolder } from "./migrate";

// Migration 0005 turns "alerts" (until then one row per notification) into alerts that group the notifications
// of one monitor. This runs it on a database holding notifications stored the old way.
const { url, before } = migrationBefore("0005");

describe("migration 0005 (alerts group notifications)", () => {
  it("keeps every stored notification and folds each monitor's into one open alert with their categories", async () => {
    const { db, pool } = createDatabase(url, 1);
    try {
      await migrate(db, { migrationsFolder: before() });
      const old = `insert into alerts (message_id, monitor_id, company_id, country_code, change_categories, monitor_has_been_deactivated, notified_at, received_at)
        values ($1, $2, 'C1', 'GB', $3, $4, '2026-11-01T00:00:00Z', $5)`;
      await pool.query(old, ["msg_1", "mon_a", '["address"]', false, "2026-11-01T10:00:00Z"]);
      await pool.query(old, ["msg_2", "mon_a", '["status","address"]', false, "2026-11-02T10:00:00Z"]);
      await pool.query(old, ["msg_3", "mon_b", '["disappeared"]', true, "2026-11-03T10:00:00Z"]);

      await migrate(db, { migrationsFolder });

      const notifications = await pool.query<{ message_id: string; alert_id: string }>(
        "select message_id, alert_id from monitor_notifications order by message_id",
      );
      expect(notifications.rows.map((n) => n.message_id)).toEqual(["msg_1", "msg_2", "msg_3"]);
      const alerts = await pool.query(
        `select monitor_id, state, notification_count, deactivation, categories, opened_at, last_notified_at, due_at
         from alerts order by monitor_id`,
      );
      expect(alerts.rows).toHaveLength(2);
      const [a, b] = alerts.rows;
      expect(a).toMatchObject({ monitor_id: "mon_a", state: "new", notification_count: 2, deactivation: false });
      expect([...a.categories].sort()).toEqual(["address", "status"]);
      expect(a.opened_at.toISOString()).toBe("2026-11-01T10:00:00.000Z");
      expect(a.last_notified_at.toISOString()).toBe("2026-11-02T10:00:00.000Z");
      expect(a.due_at.toISOString()).toBe("2026-11-03T10:00:00.000Z");
      expect(b).toMatchObject({ monitor_id: "mon_b", notification_count: 1, deactivation: true, categories: ["disappeared"] });
      const byAlert = new Set(notifications.rows.filter((n) => n.message_id !== "msg_3").map((n) => n.alert_id));
      expect(byAlert.size).toBe(1);
    } finally {
      await pool.end();
    }
  });
});
