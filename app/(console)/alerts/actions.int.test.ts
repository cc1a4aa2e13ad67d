import { asc, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { alertEvents, alerts, auditLog, users } from "@/db/schema";
import { signInAs, signOut } from "@/test/session";
import { insertUser } from "@/test/users-fixture";
import { assignAlertsAction, changeAlertAction, resolveAlertsAction, reviewAlertsAction } from "./actions";

let alertId = 0;

const snapshot = async () => ({
  alerts: await db().select().from(alerts).orderBy(asc(alerts.id)),
  events: await db().select().from(alertEvents),
  audit: await db().select().from(auditLog),
});

describe("alert actions", () => {
  beforeEach(async () => {
    await db().execute(sql`truncate ${users}, ${auditLog} cascade`);
    await db().execute(sql`truncate alerts cascade`);
    const [row] = await db()
      .insert(alerts)
      .values({ monitorId: "mon_1", countryCode: "DE", companyId: "HRB 1", categories: ["address"], dueAt: new Date() })
      .returning();
    alertId = row!.id;
  });

  it("refuses a finance user's and an auditor's direct calls, changing nothing", async () => {
    const officer = await insertUser("officer@example.com", "compliance");
    for (const role of ["finance", "auditor"] as const) {
      await signInAs(role);
      const before = await snapshot();
      const results = await Promise.all([
        assignAlertsAction({ alertIds: [alertId], assigneeId: officer.id }),
        reviewAlertsAction({ alertIds: [alertId] }),
        resolveAlertsAction({ alertIds: [alertId], outcome: "no_impact", comment: "x" }),
        changeAlertAction({ alertId, change: { kind: "comment", comment: "x" } }),
        changeAlertAction({ alertId, change: { kind: "assign", assigneeId: officer.id } }),
      ]);
      for (const result of results) expect(result).toEqual({ ok: false, code: "forbidden", error: "Your role does not allow this." });
      expect(await snapshot()).toEqual(before);
    }
    signOut();
    expect(await reviewAlertsAction({ alertIds: [alertId] })).toMatchObject({ ok: false, code: "unauthenticated" });
  });

  it("refuses a resolution without an outcome or a comment with a clear message, changing nothing", async () => {
    await signInAs("compliance");
    const before = await snapshot();
    const noComment = await resolveAlertsAction({ alertIds: [alertId], outcome: "no_impact", comment: "   " });
    expect(noComment).toMatchObject({ ok: false, code: "invalid_input", fieldErrors: { comment: ["Write a comment."] } });
    const noOutcome = await resolveAlertsAction({ alertIds: [alertId], outcome: "fine" as "no_impact", comment: "ok" });
    expect(noOutcome).toMatchObject({ ok: false, code: "invalid_input", fieldErrors: { outcome: ["Choose an outcome."] } });
    expect(await reviewAlertsAction({ alertIds: [] })).toMatchObject({ fieldErrors: { alertIds: ["Select at least one alert."] } });
    expect(await snapshot()).toEqual(before);
  });

  it("lets a compliance officer triage, and says why a refused change was refused", async () => {
    const officer = await signInAs("compliance");
    // The answer carries the changed row as it is now: the inbox shows it in place of its guess.
    expect(await assignAlertsAction({ alertIds: [alertId], assigneeId: officer.id })).toEqual({
      ok: true,
      data: { changed: [alertId], refused: [], rows: [expect.objectContaining({ id: alertId, state: "new", assignee: officer.email })] },
    });
    expect(await resolveAlertsAction({ alertIds: [alertId], outcome: "escalated", comment: "To the MLRO." })).toMatchObject({ ok: true });
    expect(await reviewAlertsAction({ alertIds: [alertId] })).toEqual({
      ok: false,
      code: "refused",
      error: expect.stringMatching(/already resolved/),
    });
    expect(await reviewAlertsAction({ alertIds: [alertId, 999_999] })).toEqual({
      ok: false,
      code: "refused",
      error: expect.stringMatching(/^None of the 2 alerts changed/),
    });
  });

  it("answers a change from the alert's page with the alert as it is now, and a refusal in words, changing nothing", async () => {
    const officer = await signInAs("compliance");
    const assigned = await changeAlertAction({ alertId, change: { kind: "assign", assigneeId: officer.id } });
    expect(assigned).toMatchObject({ ok: true, data: { id: alertId, state: "new", assignee: { id: officer.id, email: officer.email } } });

    const commented = await changeAlertAction({ alertId, change: { kind: "comment", comment: "Checking the filing." } });
    if (!commented.ok) throw new Error(commented.error);
    expect(commented.data.timeline.map((e) => e.kind)).toEqual(["assigned", "commented"]);
    // The timeline names people by their display name.
    expect(commented.data.timeline.at(-1)).toMatchObject({ actorName: officer.name, details: { comment: "Checking the filing." } });

    const resolved = await changeAlertAction({ alertId, change: { kind: "resolve", outcome: "no_impact", comment: "Fine." } });
    expect(resolved).toMatchObject({ ok: true, data: { state: "resolved", outcome: "no_impact", resolvedBy: officer.name } });

    const before = await snapshot();
    expect(await changeAlertAction({ alertId, change: { kind: "review" } })).toEqual({
      ok: false,
      code: "refused",
      error: expect.stringMatching(/already resolved/),
    });
    expect(await changeAlertAction({ alertId, change: { kind: "resolve", outcome: "" as "no_impact", comment: "x" } })).toMatchObject({
      ok: false,
      code: "invalid_input",
      fieldErrors: { "change.outcome": ["Choose an outcome."] },
    });
    expect(await changeAlertAction({ alertId: 999_999, change: { kind: "comment", comment: "x" } })).toEqual({
      ok: false,
      code: "refused",
      error: "No such alert.",
    });
    expect(await snapshot()).toEqual(before);
  });
});
