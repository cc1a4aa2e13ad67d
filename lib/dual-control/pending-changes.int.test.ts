import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/db/client";
import { auditLog, liveEvents, pendingChanges, users, type User } from "@/db/schema";
import { insertUser } from "@/test/users-fixture";
import { setDualControlEnabled } from "./dual-control-setting";
import { openChangeCount } from "./dual-control-mode";
import { approveChange, listChanges, rejectChange, submitChange, type ChangeRequest } from "./pending-changes";

let first: User;
let second: User;

const request: ChangeRequest = {
  kind: "ubo_access",
  connectionId: null,
  target: "acme",
  details: { uboEnabled: true, legalBasis: "AMLD5 art. 30" },
  reason: "Onboarding obliged entity",
};
const performed = () => vi.fn(async () => ({ ok: true as const, data: "done" }));
const auditRows = async () =>
  (await db().select().from(auditLog).orderBy(auditLog.id)).map((r) => ({ action: r.action, actor: r.actorEmail, details: r.details }));

describe("dual control", () => {
  beforeEach(async () => {
    await db().execute(sql`truncate ${pendingChanges}, ${auditLog}, ${liveEvents}, ${users}, dual_control_setting cascade`);
    first = await insertUser("first@example.com", "admin");
    second = await insertUser("second@example.com", "admin");
  });

  it("keeps a change pending until a different admin approves it, then performs it with both names", async () => {
    const perform = performed();
    const submitted = await submitChange(first, request, perform);
    expect(perform).not.toHaveBeenCalled();
    expect(submitted.ok && submitted.data.state).toBe("pending");
    const id = submitted.ok && submitted.data.state === "pending" ? submitted.data.change.id : "";
    expect(await openChangeCount()).toBe(1);

    expect(await approveChange(first, id, performed())).toMatchObject({ ok: false, code: "same_admin" });
    const approval = performed();
    expect(await approveChange(second, id, approval)).toEqual({ ok: true, data: "done" });
    expect(approval).toHaveBeenCalledWith(
      expect.objectContaining({ id, target: "acme" }),
      { dualControl: "approved", changeId: id, requestedBy: "first@example.com", approvedBy: "second@example.com" },
      undefined,
    );
    expect(await openChangeCount()).toBe(0);
    expect(await approveChange(second, id, performed())).toMatchObject({ ok: false, code: "already_decided" });
    const [row] = await listChanges();
    expect(row).toMatchObject({ state: "approved", decidedByEmail: "second@example.com", requestedByEmail: "first@example.com" });
    expect((await auditRows()).map((r) => r.action)).toEqual(["dual_control.requested", "dual_control.approved"]);
    expect(await db().select().from(liveEvents)).toHaveLength(2);
  });

  it("records a rejection with its comment and never performs the change", async () => {
    const perform = performed();
    const submitted = await submitChange(first, request, perform);
    const id = submitted.ok && submitted.data.state === "pending" ? submitted.data.change.id : "";
    expect(await rejectChange(first, id, "no")).toMatchObject({ ok: false, code: "same_admin" });
    expect(await rejectChange(second, id, "No legal basis on file")).toMatchObject({ ok: true, data: { state: "rejected" } });
    expect(perform).not.toHaveBeenCalled();
    expect((await auditRows()).at(-1)).toMatchObject({
      action: "dual_control.rejected",
      actor: "second@example.com",
      details: { comment: "No legal basis on file" },
    });
  });

  it("expires a change after 24 hours: it can no longer be approved", async () => {
    const submitted = await submitChange(first, request, performed());
    const id = submitted.ok && submitted.data.state === "pending" ? submitted.data.change.id : "";
    await db()
      .update(pendingChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingChanges.id, id));
    expect(await openChangeCount()).toBe(0);
    const perform = performed();
    expect(await approveChange(second, id, perform)).toMatchObject({
      ok: false,
      code: "already_decided",
      error: expect.stringContaining("expired"),
    });
    expect(perform).not.toHaveBeenCalled();
    expect((await listChanges())[0]!.state).toBe("expired");
    expect((await auditRows()).map((r) => r.action)).toContain("dual_control.expired");
  });

  it("keeps a connection's new key sealed while it waits, hands it to the approval, then drops it", async () => {
    const submitted = await submitChange(
      first,
      { ...request, kind: "connection_target", secrets: { apiKey: "sk_live_new_key_0123456789" } },
      performed(),
    );
    const id = submitted.ok && submitted.data.state === "pending" ? submitted.data.change.id : "";
    const dump = JSON.stringify(await db().select().from(pendingChanges));
    expect(dump).not.toContain("sk_live_new_key_0123456789");
    expect(JSON.stringify(await listChanges())).not.toContain("sealedSecrets");
    const approval = performed();
    await approveChange(second, id, approval);
    expect(approval).toHaveBeenCalledWith(expect.anything(), expect.anything(), { apiKey: "sk_live_new_key_0123456789" });
    const [row] = await db().select().from(pendingChanges).where(eq(pendingChanges.id, id));
    expect(row!.sealedSecrets).toBeNull();
  });

  it("marks a change whose performing is refused as failed, with the refusal's code and message", async () => {
    const submitted = await submitChange(first, request, performed());
    const id = submitted.ok && submitted.data.state === "pending" ? submitted.data.change.id : "";
    const refused = await approveChange(second, id, async () => ({ ok: false as const, code: "not_found", error: "No such workspace." }));
    expect(refused).toMatchObject({ ok: false, code: "not_found" });
    expect((await listChanges())[0]).toMatchObject({ state: "failed", outcome: { code: "not_found", error: "No such workspace." } });
  });

  it("lets the change through with a warning when only one admin is active", async () => {
    await db().update(users).set({ active: false }).where(eq(users.id, second.id));
    const perform = performed();
    const submitted = await submitChange(first, request, perform);
    expect(submitted).toMatchObject({ ok: true, data: { state: "performed", result: "done", note: { dualControl: "single_admin" } } });
    expect(perform).toHaveBeenCalledWith(
      { dualControl: "single_admin", warning: expect.stringContaining("only one active admin") },
      undefined,
    );
    expect(await db().select().from(pendingChanges)).toHaveLength(0);
  });

  it("lets the change through, noted, when dual control is off", async () => {
    await setDualControlEnabled(first, false, {
      dualControl: "approved",
      changeId: "x",
      requestedBy: "first@example.com",
      approvedBy: "second@example.com",
    });
    const perform = performed();
    expect(await submitChange(first, request, perform)).toMatchObject({
      ok: true,
      data: { state: "performed", note: { dualControl: "off" } },
    });
    expect((await auditRows())[0]).toMatchObject({
      action: "dual_control.setting_changed",
      details: { enabled: false, approvedBy: "second@example.com" },
    });
  });
});
