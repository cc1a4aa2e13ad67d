import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, liveEvents, pendingChanges, users, type User } from "@/db/schema";
import { insertUser } from "@/test/users-fixture";
import { dualControlEnabled } from "./dual-control-mode";
import { requestDualControlSetting } from "./dual-control-setting";
import { listChanges } from "./pending-changes";

let first: User;

const auditActions = async () => (await db().select().from(auditLog).orderBy(auditLog.id)).map((row) => row.action);

describe("the dual-control setting", () => {
  beforeEach(async () => {
    await db().execute(sql`truncate ${pendingChanges}, ${auditLog}, ${liveEvents}, ${users}, dual_control_setting cascade`);
    first = await insertUser("first@example.com", "admin");
    await insertUser("second@example.com", "admin");
  });

  it("refuses to turn on what is on, and records nothing", async () => {
    expect(await requestDualControlSetting(first, { enabled: true })).toEqual({
      ok: false,
      code: "unchanged",
      error: "Dual control is already on.",
    });
    expect(await auditActions()).toEqual([]);
  });

  it("asks a second admin to turn it off, once: a second request while the first waits is refused", async () => {
    expect(await requestDualControlSetting(first, { enabled: false, reason: "Holiday cover" })).toEqual({
      ok: true,
      data: { state: "pending" },
    });
    expect(await requestDualControlSetting(first, { enabled: false, reason: "Again" })).toMatchObject({
      ok: false,
      code: "already_pending",
    });
    expect(await listChanges({ states: ["pending"] })).toEqual([
      expect.objectContaining({ kind: "dual_control_off", target: "dual control", details: { enabled: false }, reason: "Holiday cover" }),
    ]);
    expect(await dualControlEnabled()).toBe(true);
  });

  it("turns off at once for one admin alone, then refuses to turn off what is off and turns back on without approval", async () => {
    await db().update(users).set({ active: false }).where(eq(users.email, "second@example.com"));
    expect(await requestDualControlSetting(first, { enabled: false, reason: "Alone" })).toEqual({
      ok: true,
      data: { state: "performed", warning: expect.stringContaining("only one active admin") },
    });
    expect(await dualControlEnabled()).toBe(false);
    expect(await requestDualControlSetting(first, { enabled: false, reason: "Again" })).toEqual({
      ok: false,
      code: "unchanged",
      error: "Dual control is already off.",
    });
    expect(await requestDualControlSetting(first, { enabled: true })).toEqual({ ok: true, data: { state: "performed" } });
    expect(await dualControlEnabled()).toBe(true);
    const [, on] = await db().select().from(auditLog).orderBy(auditLog.id);
    expect(on).toMatchObject({ action: "dual_control.setting_changed", details: { enabled: true, dualControl: "not_needed" } });
    expect(await listChanges()).toEqual([]);
  });
});
