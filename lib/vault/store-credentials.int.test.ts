import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog } from "@/db/schema";
import type { Registry } from "@/lib/connections/registry-for";
import { openedRegistry } from "@/test/opened-registry";
import { insertUser } from "@/test/users-fixture";
import { startTestSimulator } from "../../simulator/test-harness";
import { replacementNeedsDualControl, storeCredentials } from "./store-credentials";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
let registry: Registry;
let admin: Awaited<ReturnType<typeof insertUser>>;
const canary = `canary-${crypto.randomUUID()}`;

describe("storeCredentials against the simulator", () => {
  beforeAll(async () => {
    sim = await startTestSimulator();
    registry = await openedRegistry(sim.baseUrl);
    admin = await insertUser("vault-admin@example.com", "admin");
    await sim.call("POST", "/v2/workspaces", { name: "branch-a", legalName: "Branch A" });
  });
  afterAll(() => sim.close());

  it("stores new credentials, audits who, workspace, source and version only, and returns metadata only", async () => {
    const result = await storeCredentials(admin, registry, {
      workspace: "default",
      sourceKey: "infogreffe",
      payload: { email: "ops@example.com", password: canary },
    });
    expect(result).toEqual({
      ok: true,
      data: { workspace: "default", sourceKey: "infogreffe", version: 1, previousVersion: 0, raced: false },
    });
    const rows = await db().select().from(auditLog).where(eq(auditLog.action, "vault.credentials_stored"));
    expect(rows.map((r) => [r.actorEmail, r.target, r.details])).toEqual([
      ["vault-admin@example.com", "default/infogreffe", { workspace: "default", sourceKey: "infogreffe", version: 1 }],
    ]);
  });

  it("refuses to replace credentials the workspace holds: that waits for dual control, and the registry is not called", async () => {
    const result = await storeCredentials(admin, registry, {
      workspace: "default",
      sourceKey: "infogreffe",
      payload: { email: "ops@example.com", password: "other" },
    });
    expect(result).toEqual({ ok: false, code: "dual_control_required", error: replacementNeedsDualControl });
    const listed = (await sim.call("GET", "/v2/workspaces/default/vault")).json as { version: number }[];
    expect(listed.map((e) => e.version)).toEqual([1]);
  });

  it("overrides an inherited entry on the workspace asked for (a new entry there, version 1)", async () => {
    const result = await storeCredentials(admin, registry, {
      workspace: "branch-a",
      sourceKey: "infogreffe",
      payload: { email: "branch@example.com", password: "branch-pw" },
    });
    expect(result.ok && result.data.version).toBe(1);
  });

  it("returns the registry's refusal without any submitted value in it", async () => {
    const result = await storeCredentials(admin, registry, {
      workspace: "branch-a",
      sourceKey: "handelsregister",
      payload: { email: canary, backupAccounts: [{ password: canary }] },
    });
    expect(result.ok).toBe(false);
    // The simulator checks field types too: the canary is no email address, and the refusal names the field only.
    expect(!result.ok && result.registry?.details).toEqual([
      "email must be an email address",
      "password is required",
      "backupAccounts[0].email is required",
    ]);
    expect(JSON.stringify(result)).not.toContain(canary);
  });
});
