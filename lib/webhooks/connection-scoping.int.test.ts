/**
 * A request belongs to the connection that stored it: a delivery signed with another connection's secret (a
 * sandbox, a simulator, a second account) never changes it, and is recorded as `mismatch`.
 */
import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { companyRequestVersions, companyRequests, liveEvents, registryConnections, webhookDeliveries } from "@/db/schema";
import { companyFilesSettled } from "@/lib/requests/company-file-filer";
import { sealSecret } from "@/lib/secret-box";
import { generateMessageId, webhookHeaders } from "../../simulator/webhooks/sign";
import { receiveWebhook } from "./receive";

const productionSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const sandboxSecret = "whsec_Xg6Ww8Fs1hRvVz5EwqUa0yW7pTmQn2Lc";
const requestId = "req_shared_1";

let production = "";
let sandbox = "";

async function addConnection(name: string, environment: "production" | "sandbox", secret: string) {
  const [row] = await db()
    .insert(registryConnections)
    .values({
      name,
      environment,
      baseUrl: "http://127.0.0.1:4010",
      apiKeySealed: sealSecret("sk_x"),
      apiKeyHint: "sk_…",
      webhookSecretSealed: sealSecret(secret),
    })
    .returning();
  return row!.id;
}

const snapshot = (version: number, legalName: string) => ({
  type: "company.updated",
  request: {
    requestId,
    version,
    companyId: "HRB 12345",
    countryCode: "DE",
    dataPoints: ["company"],
    dataStatus: { dataPoints: { company: { status: "succeeded" } }, documents: {} },
  },
  company: { legalName },
});

/** Posts a delivery to `connectionId`'s webhook URL, signed with `secret`. */
function deliver(connectionId: string, secret: string, payload: unknown) {
  const body = JSON.stringify(payload);
  const headers = new Headers(webhookHeaders(secret, generateMessageId(), Math.floor(Date.now() / 1000), body));
  return receiveWebhook(db(), { connectionId, rawBody: body, headers, arrivedAt: performance.now() });
}

const storedRequest = async () => (await db().select().from(companyRequests).where(eq(companyRequests.requestId, requestId)))[0];

describe("requests belong to one connection", () => {
  beforeEach(async () => {
    await db().execute(sql`truncate ${registryConnections}, ${companyRequests}, ${liveEvents} cascade`);
    production = await addConnection("Production", "production", productionSecret);
    sandbox = await addConnection("Sandbox", "sandbox", sandboxSecret);
  });

  it("a delivery signed for another connection does not change the stored request and is recorded as mismatch", async () => {
    expect((await deliver(production, productionSecret, snapshot(1, "Acme GmbH"))).body).toEqual({ outcome: "applied" });
    // Filing the request into its company file runs after the delivery is acknowledged; wait for it, or `before`
    // may be read while filing is still moving `filedVersion` from 0 to 1.
    await companyFilesSettled();
    const before = await storedRequest();
    await db().delete(liveEvents);

    // The sandbox's own secret, its own URL, a higher version of the same request id.
    expect(await deliver(sandbox, sandboxSecret, snapshot(9, "Rewritten by the sandbox"))).toEqual({
      status: 200,
      body: { outcome: "mismatch" },
    });

    expect(await storedRequest()).toEqual(before);
    expect((await db().select().from(companyRequestVersions)).map((v) => v.version)).toEqual([1]);
    const [refused] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.connectionId, sandbox));
    expect(refused).toMatchObject({
      outcome: "mismatch",
      requestId,
      version: 9,
      detail: "This request belongs to another connection: nothing was changed.",
    });
    // The sender is not told which connection holds it.
    expect(refused!.detail).not.toContain(production);
    expect(refused!.detail).not.toContain("Production");
    // Open dossiers are not told the request changed; the ledger is.
    expect((await db().select().from(liveEvents)).map((e) => e.topic)).toEqual(["webhooks"]);

    // The owner's next version still applies.
    expect((await deliver(production, productionSecret, snapshot(2, "Acme GmbH renamed"))).body).toEqual({ outcome: "applied" });
    expect(await storedRequest()).toMatchObject({ connectionId: production, version: 2, companyName: "Acme GmbH renamed" });
  });

  it("holds the other way round: a request first stored for the sandbox is not taken by production either", async () => {
    expect((await deliver(sandbox, sandboxSecret, snapshot(1, "Sandbox Co"))).body).toEqual({ outcome: "applied" });
    expect((await deliver(production, productionSecret, snapshot(2, "Production Co"))).body).toEqual({ outcome: "mismatch" });
    expect(await storedRequest()).toMatchObject({ connectionId: sandbox, version: 1, companyName: "Sandbox Co" });
  });

  it("a request whose connection was deleted is not adopted by another connection", async () => {
    await deliver(production, productionSecret, snapshot(1, "Acme GmbH"));
    // Its company file is written just after the acknowledgement; deleting the connection meanwhile (which deletes
    // that file) could meet the write in a deadlock, which deleteConnection retries and this bare delete does not.
    await companyFilesSettled();
    await db().delete(registryConnections).where(eq(registryConnections.id, production));
    const orphan = await storedRequest();
    expect(orphan?.connectionId).toBeNull();
    expect((await deliver(sandbox, sandboxSecret, snapshot(4, "Adopted"))).body).toEqual({ outcome: "mismatch" });
    expect(await storedRequest()).toEqual(orphan);
  });

  it("a repeat of a mismatched delivery is a duplicate, and concurrent ones record one mismatch", async () => {
    await deliver(production, productionSecret, snapshot(1, "Acme GmbH"));
    const body = JSON.stringify(snapshot(5, "Rewritten"));
    const id = generateMessageId();
    const headers = () => new Headers(webhookHeaders(sandboxSecret, id, Math.floor(Date.now() / 1000), body));
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        receiveWebhook(db(), { connectionId: sandbox, rawBody: body, headers: headers(), arrivedAt: performance.now() }),
      ),
    );
    expect(results.map((r) => r.body).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
      ...Array(4).fill({ outcome: "duplicate" }),
      { outcome: "mismatch" },
    ]);
    const sandboxLedger = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.connectionId, sandbox))
      .orderBy(asc(webhookDeliveries.id));
    expect(sandboxLedger.map((l) => l.outcome).sort()).toEqual(["duplicate", "duplicate", "duplicate", "duplicate", "mismatch"]);
    expect(await storedRequest()).toMatchObject({ version: 1, companyName: "Acme GmbH" });
  });
});
