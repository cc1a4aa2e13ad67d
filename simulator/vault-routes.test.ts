import { mkdtempSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema, listedWorkspaces, vaultEntrySchema, workspaceListSchema } from "../lib/registry/schemas.shared";
import { createSimulator } from "./server";
import { documentSignature } from "./snapshot";
import { startTestSimulator, testSecret } from "./test-harness";
import { unseal } from "./vault-seal";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
beforeAll(async () => {
  sim = await startTestSimulator();
  await sim.call("POST", "/v2/workspaces", { name: "team-vault", legalName: "Team Vault GmbH" });
});
afterAll(() => sim.close());

const canary = "CANARY-3f9c1e-do-not-echo";
const put = (source: string, payload: unknown, workspace = "team-vault") =>
  sim.call("PUT", `/v2/workspaces/${workspace}/vault/${source}`, { payload });

describe("the vault on an unknown workspace", () => {
  it("answers 404 not_found to GET and PUT, and creates no workspace", async () => {
    const names = async () =>
      listedWorkspaces(workspaceListSchema.parse((await sim.call("GET", "/v2/workspaces")).json)).map((w) => w.name);
    const before = await names();
    for (const answer of [
      await sim.call("GET", "/v2/workspaces/no-such-team/vault"),
      await put("infogreffe", { email: "ops@example.com", password: canary }, "no-such-team"),
    ]) {
      expect(answer.status).toBe(404);
      expect(errorBodySchema.parse(answer.json).error).toEqual({ code: "not_found", message: "No workspace named no-such-team." });
      expect(answer.text).not.toContain(canary);
    }
    expect(await names()).toEqual(before);
  });
});

describe("PUT /v2/workspaces/{name}/vault/{source} checks field types", () => {
  it("refuses each ill-typed field with 400 invalid_request naming the field, never echoing a value", async () => {
    const cases: [string, unknown, string[]][] = [
      ["infogreffe", { email: canary, password: canary }, ["email must be an email address"]],
      ["infogreffe", { email: `${canary}@example.com`, password: "" }, ["password is required"]],
      ["infogreffe", { email: "ops@example.com", password: 42 }, ["password must be text"]],
      ["infogreffe", { email: ["ops@example.com"], password: canary }, ["email must be text"]],
      [
        "handelsregister",
        { email: "ops@example.com", password: canary, backupAccounts: [{ email: canary, password: canary }, { email: "b@example.com" }] },
        ["backupAccounts[0].email must be an email address", "backupAccounts[1].password is required"],
      ],
      [
        "handelsregister",
        { email: "ops@example.com", password: canary, backupAccounts: [canary] },
        ["backupAccounts[0] must be an object with the fields email, password"],
      ],
      ["handelsregister", { email: "ops@example.com", password: canary, backupAccounts: canary }, ["backupAccounts must be a list"]],
    ];
    for (const [source, payload, details] of cases) {
      const answer = await put(source, payload);
      expect(answer.status, JSON.stringify(details)).toBe(400);
      expect(errorBodySchema.parse(answer.json).error).toEqual({
        code: "invalid_request",
        message: "The payload does not match the source's fields.",
        details,
      });
      expect(answer.text).not.toContain(canary);
    }
    expect((await sim.call("GET", "/v2/workspaces/team-vault/vault")).json).toEqual([]);
  });

  it("accepts well-typed payloads, list rows included, and an optional list left empty", async () => {
    const rows = [{ email: "backup@example.com", password: canary }];
    const stored = await put("handelsregister", { email: "ops@example.com", password: canary, backupAccounts: rows });
    expect(stored.status, stored.text).toBe(200);
    expect(vaultEntrySchema.parse(stored.json)).toMatchObject({ sourceKey: "handelsregister", version: 1 });
    expect(stored.text).not.toContain(canary);
    expect((await put("handelsregister", { email: "ops@example.com", password: canary, backupAccounts: [] })).status).toBe(200);
    expect((await put("infogreffe", { email: "a@b.c", password: canary })).status).toBe(200);
  });
});

describe("sealed vault payloads", () => {
  it("stay readable (and signed document URLs valid) under the simulator's key after a restart and after /_sim/reset, from a state file written 0600", async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "sim-vault-")), "simulator.json");
    const options = {
      apiKey: "sk_dev_vault_restart",
      webhookSecret: testSecret,
      publicUrl: "http://127.0.0.1:1",
      stateFile: file,
      walletCredits: 10,
    };
    const headers = { "x-api-key": options.apiKey, "content-type": "application/json" };
    const payload = { email: "ops@example.com", password: canary };
    const putDefault = (simulator: ReturnType<typeof createSimulator>) =>
      simulator.app.request("/v2/workspaces/default/vault/infogreffe", { method: "PUT", headers, body: JSON.stringify({ payload }) });
    const sealed = (simulator: ReturnType<typeof createSimulator>) => simulator.ctx.store.state.vault.default!.infogreffe!.sealedPayload;

    const first = createSimulator(options);
    expect((await putDefault(first)).status).toBe(200);
    const signature = documentSignature(first.ctx, "req_1", "doc_1", 1);
    await first.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = createSimulator(options);
    expect(unseal(sealed(second), second.ctx.vaultKey)).toEqual(payload);
    await second.app.request("/_sim/reset", { method: "POST", headers });
    expect((await putDefault(second)).status).toBe(200);
    await second.close();

    const third = createSimulator(options);
    expect(unseal(sealed(third), third.ctx.vaultKey)).toEqual(payload);
    expect(documentSignature(third.ctx, "req_1", "doc_1", 1)).toBe(signature); // document URLs signed before stay valid
    await third.close();
  });
});
