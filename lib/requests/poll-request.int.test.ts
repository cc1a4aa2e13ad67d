import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { companyRequestVersions, companyRequests, liveEvents, registryConnections } from "@/db/schema";
import { startSimulatorWithConnection } from "@/test/simulator-connection";
import { pollRequest } from "./poll-request";
import { storedRequest } from "./stored-request";

let sim: Awaited<ReturnType<typeof startSimulatorWithConnection>>["sim"];
let connectionId = "";

describe("polling a request when no webhook arrives", () => {
  beforeAll(async () => {
    ({ sim, connectionId } = await startSimulatorWithConnection());
  });
  afterAll(() => sim.close());

  it("applies newer snapshots through applySnapshot until the request is complete, and notifies open pages", async () => {
    const created = await sim.call("POST", "/v2/company", { id: "HRB 86891", countryCode: "DE", dataPoints: ["company", "shareholders"] });
    const requestId = created.json.request.requestId as string;
    await db().insert(companyRequests).values({ requestId, connectionId, origin: "console", countryCode: "DE", companyId: "HRB 86891" });

    const first = await pollRequest(connectionId, requestId);
    expect(first).toMatchObject({ ok: true, result: { outcome: "applied", complete: false } });
    expect(await pollRequest(connectionId, requestId)).toMatchObject({ ok: true, result: { outcome: "stale" } });

    await sim.call("POST", "/_sim/advance", { seconds: 10 });
    await sim.simulator.runDue();
    const last = await pollRequest(connectionId, requestId);
    expect(last).toMatchObject({ ok: true, result: { outcome: "applied", complete: true } });

    const stored = await storedRequest(requestId);
    expect(stored).toMatchObject({ origin: "console", complete: true, webhooksConfigured: false });
    expect(stored?.version).toBe((await sim.call("GET", `/v2/company/${requestId}`)).json.request.version);
    const history = await db()
      .select()
      .from(companyRequestVersions)
      .where(eq(companyRequestVersions.requestId, requestId))
      .orderBy(asc(companyRequestVersions.version));
    expect(history.map((h) => h.source)).toEqual(["poll", "poll"]);
    expect((await db().select().from(liveEvents)).map((e) => e.topic)).toEqual([
      `request:${requestId}`,
      "requests",
      `request:${requestId}`,
      "requests",
    ]);
  });

  it("applies nothing read through a connection other than the request's own, and says so", async () => {
    const created = await sim.call("POST", "/v2/company", { id: "HRB 12345", countryCode: "DE", dataPoints: ["company"] });
    const requestId = created.json.request.requestId as string;
    const [owner] = await db()
      .insert(registryConnections)
      .values({
        name: "Production",
        environment: "production",
        baseUrl: "https://api.example.test",
        apiKeySealed: "v1.x.x.x.x",
        apiKeyHint: "sk_live_…",
      })
      .returning();
    await db()
      .insert(companyRequests)
      .values({ requestId, connectionId: owner!.id, origin: "console", countryCode: "DE", companyId: "HRB 12345" });
    const before = await storedRequest(requestId);

    const result = await pollRequest(connectionId, requestId);
    expect(result).toMatchObject({ ok: false, error: { status: 409, code: "request_mismatch", retryable: false } });
    expect(await storedRequest(requestId)).toEqual(before);
    expect(await db().select().from(companyRequestVersions).where(eq(companyRequestVersions.requestId, requestId))).toEqual([]);
  });

  it("returns a connection whose key cannot be decrypted as its error, beside the stored state", async () => {
    const [row] = await db()
      .insert(registryConnections)
      .values({ name: "Unreadable", environment: "sandbox", baseUrl: sim.baseUrl, apiKeySealed: "v1.garbage", apiKeyHint: "sk_dev_…" })
      .returning();
    const result = await pollRequest(row!.id, "req_any");
    expect(result).toMatchObject({ ok: false, error: { status: 409, code: "connection_key_unreadable", retryable: false } });
    expect(!result.ok && result.error.message).toContain("connection “Unreadable” cannot be decrypted");
  });

  it("returns the registry's error in its words", async () => {
    const result = await pollRequest(connectionId, "req_does_not_exist");
    expect(result).toMatchObject({ ok: false, error: { status: 404, code: "not_found" } });
  });
});
