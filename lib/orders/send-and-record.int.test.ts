import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, companyRequestVersions, companyRequests, paidRequestIntents, registryConnections } from "@/db/schema";
import type { CompanyResponse } from "@/lib/registry/schemas.shared";
import { insertUser } from "@/test/users-fixture";
import { sendAndRecord } from "./send-and-record";

async function addConnection(name: string) {
  const [row] = await db()
    .insert(registryConnections)
    .values({ name, environment: "sandbox", baseUrl: "http://127.0.0.1:4010", apiKeySealed: "v1.x.x.x.x", apiKeyHint: "sk_dev_…" })
    .returning();
  return row!.id;
}

const answer = (requestId: string, legalName: string): CompanyResponse =>
  ({
    request: {
      requestId,
      version: 3,
      companyId: "HRB 12345",
      countryCode: "DE",
      dataPoints: ["company"],
      dataStatus: { dataPoints: { company: { status: "succeeded" } }, documents: {} },
    },
    company: { legalName },
  }) as CompanyResponse;

describe("recording a paid request", () => {
  beforeEach(async () => {
    await db().execute(sql`truncate ${registryConnections}, ${companyRequests}, ${auditLog} cascade`);
  });

  it("never takes over a request id stored for another connection: refused in words, audited, nothing changed", async () => {
    const [owner, other] = [await addConnection("Production"), await addConnection("Sandbox")];
    const user = await insertUser(`officer-${Date.now()}@example.com`, "compliance");
    await db()
      .insert(companyRequests)
      .values({ requestId: "req_taken", connectionId: owner, origin: "elsewhere", companyName: "Owner's company", version: 0 });
    const [before] = await db().select().from(companyRequests);

    const result = await sendAndRecord(
      {
        user,
        connectionId: other,
        company: { countryCode: "DE", id: "HRB 12345" },
        action: "company.ordered",
        purpose: "order",
        details: { quotedTotal: 8 },
      },
      async () => answer("req_taken", "Sandbox's answer"),
    );

    expect(result).toMatchObject({ ok: false, code: "request_mismatch" });
    expect(!result.ok && result.error).toMatch(/stores that request for another connection/);
    expect(await db().select().from(companyRequests)).toEqual([before]);
    expect(await db().select().from(companyRequestVersions)).toEqual([]);
    const [audited] = await db().select().from(auditLog).where(eq(auditLog.action, "company.ordered"));
    expect(audited?.details).toMatchObject({ outcome: "ordered", requestId: "req_taken", stored: false });
  });

  it("records a request a webhook brought first for the same connection as this console's order", async () => {
    const connectionId = await addConnection("Production");
    const user = await insertUser(`officer-${Date.now()}@example.com`, "compliance");
    await db().insert(companyRequests).values({ requestId: "req_early", connectionId, origin: "elsewhere", version: 0 });
    const result = await sendAndRecord(
      { user, connectionId, company: { countryCode: "DE", id: "HRB 12345" }, action: "company.ordered", purpose: "order", details: {} },
      async () => answer("req_early", "Acme GmbH"),
    );
    expect(result).toEqual({ ok: true, data: { requestId: "req_early" } });
    expect((await db().select().from(companyRequests))[0]).toMatchObject({
      origin: "console",
      orderedBy: user.id,
      connectionId,
      version: 3,
      companyName: "Acme GmbH",
    });
  });

  it("runs onIntent in the transaction that writes the intent, before sending; when it throws, no intent is kept and nothing is sent", async () => {
    const connectionId = await addConnection("Production");
    const user = await insertUser(`officer-${Date.now()}@example.com`, "compliance");
    const paid = {
      user,
      connectionId,
      company: { countryCode: "DE", id: "HRB 12345" },
      action: "company.ordered" as const,
      purpose: "order" as const,
      details: { quotedTotal: 8 },
    };
    const seen: { intentId: string; committedBeforeSend: boolean }[] = [];
    const result = await sendAndRecord(
      {
        ...paid,
        onIntent: async (tx, intentId) => {
          const [inTx] = await tx.select().from(paidRequestIntents).where(eq(paidRequestIntents.id, intentId));
          expect(inTx?.status).toBe("pending");
          seen.push({ intentId, committedBeforeSend: false });
        },
      },
      async (intent) => {
        const [committed] = await db().select().from(paidRequestIntents).where(eq(paidRequestIntents.id, intent.consoleIntentId));
        seen[0]!.committedBeforeSend = committed?.id === seen[0]!.intentId;
        return answer("req_hooked", "Hooked");
      },
    );
    expect(result).toEqual({ ok: true, data: { requestId: "req_hooked" } });
    expect(seen).toEqual([{ intentId: expect.any(String), committedBeforeSend: true }]);

    let sent = false;
    await expect(
      sendAndRecord(
        {
          ...paid,
          onIntent: async () => {
            throw new Error("the row was taken");
          },
        },
        async () => {
          sent = true;
          return answer("req_never", "Never");
        },
      ),
    ).rejects.toThrow("the row was taken");
    expect(sent).toBe(false);
    expect(await db().select().from(paidRequestIntents)).toHaveLength(1);
  });
});
