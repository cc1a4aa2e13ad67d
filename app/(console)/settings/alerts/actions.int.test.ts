import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { alertSlas, auditLog, users } from "@/db/schema";
import { effectiveSlas } from "@/lib/alerts/sla-settings";
import { signInAs } from "@/test/session";
import { setSlasAction } from "./actions";

const slaAudit = async () => (await db().select().from(auditLog)).filter((r) => r.action === "alert.sla_changed").map((r) => r.details);

describe("setting alert SLAs", () => {
  beforeEach(async () => {
    await db().execute(sql`truncate ${users}, ${auditLog}, ${alertSlas} cascade`);
  });

  it("lets an admin change a category's days, audits each change, and drops an override set back to the default", async () => {
    await signInAs("admin");
    expect(await setSlasAction({ address: 10, status: 2, ownership: 1 })).toEqual({
      ok: true,
      data: { changed: ["ownership", "address"] },
    });
    const slas = Object.fromEntries((await effectiveSlas()).map((s) => [s.category, s.days]));
    expect(slas).toMatchObject({ address: 10, status: 2, ownership: 1, other: 7 });
    expect(await slaAudit()).toEqual([
      { category: "ownership", from: 2, to: 1 },
      { category: "address", from: 5, to: 10 },
    ]);
    expect(await setSlasAction({ address: 5 })).toEqual({ ok: true, data: { changed: ["address"] } });
    expect((await db().select().from(alertSlas)).map((r) => r.category)).toEqual(["ownership"]);
  });

  it("refuses a compliance officer and out-of-range days, changing nothing", async () => {
    await signInAs("compliance");
    expect(await setSlasAction({ address: 10 })).toMatchObject({ ok: false, code: "forbidden" });
    await signInAs("admin");
    expect(await setSlasAction({ address: 0, status: 1.5 })).toMatchObject({
      ok: false,
      code: "invalid_input",
      fieldErrors: { address: ["At least 1 day."], status: ["Enter whole days."] },
    });
    expect(await db().select().from(alertSlas)).toEqual([]);
    expect(await slaAudit()).toEqual([]);
  });
});
