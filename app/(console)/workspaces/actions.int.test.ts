import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, companyRequests, users } from "@/db/schema";
import { knownWorkspaceNames } from "@/lib/workspaces/known-workspaces";
import { chooseConnection, signInAs } from "@/test/session";
import { startHttpStub } from "@/test/http-stub";
import { storeSandboxConnection } from "@/test/stored-connection";
import { startSimulatorWithConnection } from "@/test/simulator-connection";
import { changeLegalNameAction, createWorkspaceAction } from "./actions";

let sim: Awaited<ReturnType<typeof startSimulatorWithConnection>>["sim"];
let connectionId = "";

const auditsFor = async (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);
const listed = async () => (await sim.call("GET", "/v2/workspaces")).json as { name: string; legalName: string | null }[];
const fresh = () => `ws-${crypto.randomUUID().slice(0, 8)}`;

describe("workspace actions", () => {
  beforeAll(async () => {
    ({ sim, connectionId } = await startSimulatorWithConnection());
    chooseConnection(connectionId);
  });
  afterAll(async () => {
    await sim.close();
  });
  beforeEach(async () => {
    await db().execute(sql`truncate ${users}, ${auditLog} cascade`);
  });

  it("creates a workspace with UBO access off, and audits its name, legal name, id and UBO state under the connection", async () => {
    const admin = await signInAs("admin");
    const name = fresh();
    expect(await createWorkspaceAction({ name, legalName: "  Branch Ltd " })).toEqual({ ok: true, data: { name } });
    const created = (await listed()).find((w) => w.name === name);
    expect(created).toMatchObject({ legalName: "Branch Ltd", uboEnabled: false });
    expect(await auditsFor("workspace.created")).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        target: name,
        details: { connectionId, workspaceId: expect.any(String), name, legalName: "Branch Ltd", uboEnabled: false },
      }),
    ]);
  });

  describe("a registry that leaves a new workspace's UBO access on", () => {
    let registry: Awaited<ReturnType<typeof startHttpStub>>;
    const workspace = (name: string) => ({ id: crypto.randomUUID(), name, legalName: "Branch Ltd", uboEnabled: true, isDefault: false });
    const refusal = (status: number, message: string) =>
      JSON.stringify({ statusCode: status, error: { code: "invalid_request", message, details: [] } });
    /** Answers the create with the workspace (UBO access on, the default), the PATCH and the DELETE as given. */
    const answering = (patch: [number, string], remove: [number, string]) =>
      registry.answer((req, res, body) => {
        const [status, text] =
          req.method === "POST" ? [201, JSON.stringify(workspace(JSON.parse(body).name))] : req.method === "PATCH" ? patch : remove;
        res.writeHead(status, { "content-type": "application/json" }).end(text);
      });
    const sent = () => registry.requests.map((r) => `${r.method} ${r.url}${r.method === "PATCH" ? ` ${r.body}` : ""}`);

    beforeAll(async () => {
      registry = await startHttpStub();
      chooseConnection(await storeSandboxConnection({ name: "Refusing", baseUrl: registry.url, webhookSecret: "whsec_unused" }));
    });
    afterAll(async () => {
      chooseConnection(connectionId);
      await registry.close();
    });

    it("deletes it again when the PATCH is refused, says so in the registry's words, and audits both", async () => {
      await signInAs("admin");
      answering([403, refusal(403, "UBO access is managed by your account manager.")], [200, '{"ok":true}']);
      const result = await createWorkspaceAction({ name: "branch-x", legalName: "Branch Ltd" });
      // The registry's code in words, then its own message.
      const words =
        "The registry refused the request as invalid. Something sent did not match what the registry accepts. UBO access is managed by your account manager.";
      expect(result).toEqual({
        ok: false,
        code: "ubo_not_off",
        error: `The registry created workspace branch-x but did not turn its UBO access off (${words}), so it was deleted again: no workspace was created.`,
      });
      expect(sent()).toEqual([
        "POST /v2/workspaces",
        'PATCH /v2/workspaces/branch-x {"uboEnabled":false}',
        "DELETE /v2/workspaces/branch-x",
      ]);
      expect((await auditsFor("workspace.created")).map((a) => a.details)).toEqual([
        expect.objectContaining({ name: "branch-x", uboEnabled: true, uboOffRefused: words }),
      ]);
      expect((await auditsFor("workspace.deleted")).map((a) => a.details)).toEqual([
        expect.objectContaining({
          name: "branch-x",
          reason: `Deleted on creation: the registry did not turn its UBO access off (${words}).`,
        }),
      ]);
    });

    it("says the workspace has UBO access on when the registry keeps it on and refuses the delete too", async () => {
      await signInAs("admin");
      answering([200, JSON.stringify(workspace("branch-y"))], [409, refusal(409, "The workspace is in use.")]);
      const result = await createWorkspaceAction({ name: "branch-y", legalName: "Branch Ltd" });
      expect(result).toEqual({
        ok: false,
        code: "ubo_left_on",
        error:
          "The registry created workspace branch-y but did not turn its UBO access off (it still answers with UBO access on), and deleting it again failed (The registry refused the request as invalid. Something sent did not match what the registry accepts. The workspace is in use.). Workspace branch-y has UBO access on without approval: ask for it to be turned off at once.",
      });
      expect((await auditsFor("workspace.created")).map((a) => a.details)).toEqual([
        expect.objectContaining({ name: "branch-y", uboEnabled: true, uboOffRefused: "it still answers with UBO access on" }),
      ]);
      expect(await auditsFor("workspace.deleted")).toEqual([]);
    });
  });

  it("shows a taken name (the registry's 409) on the name field and audits nothing", async () => {
    await signInAs("admin");
    const name = fresh();
    await sim.call("POST", "/v2/workspaces", { name, legalName: "First" });
    const result = await createWorkspaceAction({ name, legalName: "Second" });
    expect(result).toMatchObject({
      ok: false,
      code: "conflict",
      registry: { status: 409 },
      fieldErrors: { name: [`A workspace named ${name} already exists.`] },
    });
    expect(await auditsFor("workspace.created")).toEqual([]);
  });

  it("refuses a bad name or legal name with field messages and sends nothing", async () => {
    await signInAs("admin");
    const before = await listed();
    const result = await createWorkspaceAction({ name: "has space", legalName: "x".repeat(256) });
    expect(result).toMatchObject({ ok: false, code: "invalid_input" });
    expect(result.ok || Object.keys(result.fieldErrors ?? {}).sort()).toEqual(["legalName", "name"]);
    expect(await listed()).toEqual(before);
  });

  it("changes the legal name only, audited with before and after", async () => {
    const admin = await signInAs("admin");
    const name = fresh();
    await sim.call("POST", "/v2/workspaces", { name, legalName: "Old Name" });
    await sim.call("PATCH", `/v2/workspaces/${name}`, { uboEnabled: false });
    expect(await changeLegalNameAction({ name, legalName: "New Name 😀" })).toEqual({ ok: true, data: undefined });
    expect((await listed()).find((w) => w.name === name)).toMatchObject({ legalName: "New Name 😀", uboEnabled: false });
    expect(await auditsFor("workspace.legal_name_changed")).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        target: name,
        details: { connectionId, name, before: "Old Name", after: "New Name 😀" },
      }),
    ]);
  });

  it("sends no PATCH for a name the registry does not list (a PATCH there would create the workspace)", async () => {
    await signInAs("admin");
    const name = fresh();
    expect(await changeLegalNameAction({ name, legalName: "Ghost" })).toMatchObject({ ok: false, code: "not_found" });
    expect((await listed()).map((w) => w.name)).not.toContain(name);
    expect(await auditsFor("workspace.legal_name_changed")).toEqual([]);
  });

  it.each(["compliance", "finance", "auditor"] as const)("refuses a %s user's direct posts, and nothing changes", async (role) => {
    await signInAs(role);
    const name = fresh();
    expect(await createWorkspaceAction({ name, legalName: "Nope" })).toMatchObject({ ok: false, code: "forbidden" });
    expect(await changeLegalNameAction({ name: "default", legalName: "Nope" })).toMatchObject({ ok: false, code: "forbidden" });
    expect((await listed()).map((w) => w.name)).not.toContain(name);
    expect((await listed()).every((w) => w.legalName !== "Nope")).toBe(true);
  });

  it("knows the names it created and the ones its stored snapshots name, for a registry without the list", async () => {
    await signInAs("admin");
    const name = fresh();
    await createWorkspaceAction({ name, legalName: "Made here" });
    await db()
      .insert(companyRequests)
      .values({
        requestId: `r-${name}`,
        connectionId,
        origin: "console",
        snapshot: { workspace: { id: "x", name: "seen-in-a-snapshot" } },
      });
    expect(await knownWorkspaceNames(connectionId)).toEqual(expect.arrayContaining([name, "seen-in-a-snapshot"]));
    expect(await knownWorkspaceNames(crypto.randomUUID())).toEqual([]);
  });
});
