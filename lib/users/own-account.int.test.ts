import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, pendingChanges, users } from "@/db/schema";
import { insertUser } from "@/test/users-fixture";
import { requestSetActive } from "./user-access";

describe("an admin's own account", () => {
  beforeEach(async () => {
    await db().execute(sql`truncate ${pendingChanges}, ${auditLog}, ${users}, dual_control_setting cascade`);
  });

  it("cannot be deactivated by that admin, with or without a reason: nothing is asked for or changed", async () => {
    const admin = await insertUser("self@example.com", "admin");
    const refusal = { ok: false, code: "self", error: "You cannot deactivate your own account. Ask another admin." };
    expect(await requestSetActive(admin, admin.id, false)).toEqual(refusal);
    expect(await requestSetActive(admin, admin.id, false, "leaving")).toEqual(refusal);
    expect((await db().select().from(users).where(eq(users.id, admin.id)))[0]!.active).toBe(true);
    expect(await db().select().from(pendingChanges)).toEqual([]);
  });

  it("is no obstacle to deactivating someone else", async () => {
    const admin = await insertUser("self@example.com", "admin");
    const officer = await insertUser("officer@example.com", "compliance");
    expect(await requestSetActive(admin, officer.id, false)).toMatchObject({ ok: true });
    expect((await db().select().from(users).where(eq(users.id, officer.id)))[0]!.active).toBe(false);
  });
});
