import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, registryConnections } from "@/db/schema";
import { startTestSimulator, testApiKey } from "@/simulator/test-harness";
import { startHttpStub } from "@/test/http-stub";
import { insertUser } from "@/test/users-fixture";
import { sealSecret } from "@/lib/secret-box";
import { testConnection } from "./test-connection";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
let refusing: Awaited<ReturnType<typeof startHttpStub>>;
let admin: Awaited<ReturnType<typeof insertUser>>;

const store = async (name: string, baseUrl: string, apiKeySealed = sealSecret(testApiKey)) =>
  (
    await db().insert(registryConnections).values({ name, environment: "sandbox", baseUrl, apiKeySealed, apiKeyHint: "sk_…" }).returning()
  )[0]!.id;
const testedRows = async (target: string) =>
  (await db().select().from(auditLog).where(eq(auditLog.target, target))).map((r) => ({
    action: r.action,
    actor: r.actorEmail,
    details: r.details,
  }));

describe("testing a stored connection", () => {
  beforeAll(async () => {
    sim = await startTestSimulator();
    refusing = await startHttpStub();
    await db().execute(sql`truncate ${registryConnections}, ${auditLog} cascade`);
    admin = await insertUser(`admin-${crypto.randomUUID()}@example.com`, "admin");
  });
  afterAll(async () => {
    await refusing.close();
    await sim.close();
  });
  beforeEach(() => {
    refusing.json(401, { statusCode: 401, error: { code: "unauthorized", message: "The API key is not valid." } });
  });

  it("reaches the registry with the stored key, reports latency and the monitors it holds, and audits the latency", async () => {
    const id = await store("Simulator", sim.baseUrl);
    const result = await testConnection(admin, id);
    expect(result).toEqual({ ok: true, data: { reachable: true, latencyMs: expect.any(Number), monitors: expect.any(Number) } });
    const latencyMs = result.ok ? result.data.latencyMs : -1;
    expect(await testedRows("Simulator")).toEqual([{ action: "connection.tested", actor: admin.email, details: { latencyMs } }]);
  });

  it("takes the registry's refusal as the result, audited with its code and status", async () => {
    const id = await store("Refusing", refusing.url);
    const result = await testConnection(admin, id);
    expect(result).toMatchObject({ ok: true, data: { reachable: false, error: { code: "unauthorized", status: 401 } } });
    expect(refusing.requests.map((r) => [r.method, r.url, r.headers["x-api-key"]])).toEqual([["GET", "/v2/monitors?first=1", testApiKey]]);
    expect(await testedRows("Refusing")).toEqual([
      { action: "connection.tested", actor: admin.email, details: { latencyMs: expect.any(Number), code: "unauthorized", status: 401 } },
    ]);
  });

  it("reports a key this server cannot decrypt as a result, sending nothing", async () => {
    refusing.requests.length = 0;
    const id = await store("Unreadable", refusing.url, "not-a-sealed-secret");
    expect(await testConnection(admin, id)).toMatchObject({
      ok: true,
      data: { reachable: false, error: { code: "connection_key_unreadable" } },
    });
    expect(refusing.requests).toEqual([]);
  });

  it("refuses an id it does not hold, auditing nothing", async () => {
    expect(await testConnection(admin, crypto.randomUUID())).toEqual({ ok: false, code: "not_found", error: "No such connection." });
  });
});
