/**
 * Deliveries that can never be stored are acknowledged and kept in the ledger as `failed` with the reason,
 * never answered 503 (which the sender would retry for three days); a database that is unavailable still is.
 */
import { randomBytes } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/db/client";
import {
  companyRequestVersions,
  companyRequests,
  liveEvents,
  registryConnections,
  webhookDeliveries,
  webhookRejections,
} from "@/db/schema";
import { generateMessageId, webhookHeaders } from "../../simulator/webhooks/sign";
import { receiveWebhook } from "./receive";
import { flushRejections } from "./rejections";
import { storeSandboxConnection } from "@/test/stored-connection";

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
let connectionId = "";

function deliver(body: string, id = generateMessageId()) {
  const headers = new Headers(webhookHeaders(secret, id, Math.floor(Date.now() / 1000), body));
  return receiveWebhook(db(), { connectionId, rawBody: Buffer.from(body, "utf8"), headers, arrivedAt: performance.now() });
}

const snapshot = (requestId: string, version: number, legalName = "Acme GmbH", status: unknown = { status: "succeeded" }) =>
  JSON.stringify({
    type: "company.updated",
    request: {
      requestId,
      version,
      companyId: "HRB 12345",
      countryCode: "DE",
      dataPoints: ["company"],
      dataStatus: { dataPoints: { company: status }, documents: {} },
    },
    company: { legalName },
  });

const ledger = () => db().select().from(webhookDeliveries).orderBy(asc(webhookDeliveries.id));

describe("deliveries that can never be stored", () => {
  beforeEach(async () => {
    await db().execute(sql`truncate ${registryConnections}, ${companyRequests}, ${liveEvents} cascade`);
    connectionId = await storeSandboxConnection({ webhookSecret: secret });
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("stores versions above 2³¹−1 exactly (bigint), and compares them as numbers", async () => {
    expect((await deliver(snapshot("req_big", 2 ** 31))).body).toEqual({ outcome: "applied" });
    expect((await deliver(snapshot("req_big", 2 ** 31 - 1))).body).toEqual({ outcome: "stale" });
    expect((await deliver(snapshot("req_big", 2 ** 53 - 1))).body).toEqual({ outcome: "applied" });
    const [stored] = await db().select().from(companyRequests);
    expect(stored?.version).toBe(2 ** 53 - 1);
    expect((await db().select().from(companyRequestVersions).orderBy(asc(companyRequestVersions.version))).map((v) => v.version)).toEqual([
      2 ** 31,
      2 ** 53 - 1,
    ]);
    expect((await ledger()).map((l) => [l.outcome, l.version, l.detail])).toEqual([
      ["applied", 2 ** 31, null],
      ["stale", 2 ** 31 - 1, `version ${2 ** 31 - 1} is not higher than the stored ${2 ** 31}`],
      ["applied", 2 ** 53 - 1, null],
    ]);
  });

  it("acknowledges a version that is not a safe integer as failed, with the reason; its retry is a duplicate", async () => {
    const id = generateMessageId();
    const body = snapshot("req_huge", 2).replace('"version":2', '"version":18446744073709551616');
    expect(await deliver(body, id)).toEqual({ status: 200, body: { outcome: "failed" } });
    expect(await deliver(body, id)).toEqual({ status: 200, body: { outcome: "duplicate" } });
    const [failed] = await ledger();
    expect(failed).toMatchObject({ outcome: "failed", type: "company.updated" });
    expect(failed?.detail).toMatch(/request\.version/);
    expect(await db().select().from(companyRequests)).toEqual([]);
  });

  it("acknowledges U+0000 in any string as failed, naming where, without the payload (jsonb and text refuse it)", async () => {
    const id = generateMessageId();
    const inName = snapshot("req_nul", 1, "Acme\u0000GmbH");
    expect(inName).toContain("\\u0000");
    expect(await deliver(inName, id)).toEqual({ status: 200, body: { outcome: "failed" } });
    expect((await deliver(inName, id)).body).toEqual({ outcome: "duplicate" });
    const unknownType = JSON.stringify({ type: "workspace.renamed", name: "a\u0000b" });
    expect((await deliver(unknownType)).body).toEqual({ outcome: "failed" });
    const inKey = JSON.stringify({ type: "billing.notification", kind: "low_balance", payload: { "x\u0000": 1 } });
    expect((await deliver(inKey)).body).toEqual({ outcome: "failed" });

    const rows = await ledger();
    expect(rows.map((r) => [r.type, r.outcome, r.payload])).toEqual([
      ["company.updated", "failed", null],
      ["company.updated", "duplicate", null],
      ["workspace.renamed", "failed", null],
      ["billing.notification", "failed", null],
    ]);
    expect(rows[0]?.detail).toBe("The text at $.company.legalName holds U+0000 or an unpaired surrogate, which Postgres cannot store.");
    expect(rows[3]?.detail).toMatch(/^The text at \$\.payload\.x\uFFFD holds U\+0000/);
    expect(await db().select().from(companyRequests)).toEqual([]);
  });

  it("acknowledges an unpaired surrogate (which jsonb refuses) as failed", async () => {
    const body = snapshot("req_surrogate", 1, "Acme", { status: "succeeded", note: "\ud800" });
    expect(body).toContain("\\ud800");
    expect((await deliver(body)).body).toEqual({ outcome: "failed" });
    expect((await ledger())[0]?.detail).toMatch(/^The text at \$\.request\.dataStatus\.dataPoints\.company\.note holds/);
  });

  it("stores text that only looks like an escape (an escaped backslash followed by u0000)", async () => {
    const body = snapshot("req_lookalike", 1, "C:\\u0000 GmbH");
    expect(body).toContain("\\\\u0000");
    expect((await deliver(body)).body).toEqual({ outcome: "applied" });
    expect((await db().select().from(companyRequests))[0]?.companyName).toBe("C:\\u0000 GmbH");
  });

  it("acknowledges a request id of 10,000 characters as failed, neither stored nor notified", async () => {
    const requestId = `req_${randomBytes(7_500).toString("base64")}`.slice(0, 10_000);
    const result = await deliver(snapshot(requestId, 1));
    expect(result).toEqual({ status: 200, body: { outcome: "failed" } });
    const [failed] = await ledger();
    expect(failed?.detail).toBe("request.requestId is longer than 512 bytes (10000): it cannot be stored.");
    expect(failed?.requestId).toBeNull();
    expect(await db().select().from(companyRequests)).toEqual([]);
    expect((await db().select().from(liveEvents)).map((e) => e.topic)).toEqual(["webhooks"]);
  });

  it("refuses a message id too long to index with 401, as a rejection", async () => {
    const result = await deliver(snapshot("req_long_id", 1), `msg_${"x".repeat(300)}`);
    expect(result).toMatchObject({
      status: 401,
      body: { error: { code: "invalid_signature", message: "the svix-id header is longer than 256 characters" } },
    });
    await flushRejections(db());
    expect((await db().select().from(webhookRejections))[0]?.messageId).toHaveLength(200);
    expect(await ledger()).toEqual([]);
  });

  describe("when Postgres refuses a write the checks did not foresee", () => {
    /** Makes writing a request's history fail with `sqlstate`, as a refusal of its data would. */
    async function failHistoryWrites(sqlstate: string) {
      await db().execute(
        sql.raw(
          `create or replace function refuse_history() returns trigger language plpgsql as $$ begin raise exception 'refused for the test' using errcode = '${sqlstate}'; end $$`,
        ),
      );
      await db().execute(
        sql`create trigger refuse_history before insert on company_request_versions for each row execute function refuse_history()`,
      );
    }

    afterEach(async () => {
      await db().execute(sql`drop trigger if exists refuse_history on company_request_versions`);
    });

    it("records a data error (SQLSTATE class 22) as failed in a transaction of its own, acknowledged; its retry is a duplicate", async () => {
      await failHistoryWrites("22P05");
      const id = generateMessageId();
      expect(await deliver(snapshot("req_refused", 1), id)).toEqual({ status: 200, body: { outcome: "failed" } });
      expect(await deliver(snapshot("req_refused", 1), id)).toEqual({ status: 200, body: { outcome: "duplicate" } });
      const [failed] = await ledger();
      expect(failed).toMatchObject({ outcome: "failed", type: "company.updated", requestId: null, payload: null });
      expect(failed?.detail).toBe("Postgres cannot store this delivery: refused for the test (SQLSTATE 22P05).");
      // The request's half-written change went with the first transaction.
      expect(await db().select().from(companyRequests)).toEqual([]);
      expect((await db().select().from(liveEvents)).map((e) => e.topic)).toEqual(["webhooks", "webhooks"]);
    });

    it("also records a program limit (class 54, e.g. an index entry too large) as failed", async () => {
      await failHistoryWrites("54000");
      expect((await deliver(snapshot("req_limit", 1))).body).toEqual({ outcome: "failed" });
    });

    it("still answers 503, recording nothing, when the failure is not the data's (the sender's retry may succeed)", async () => {
      await failHistoryWrites("40001");
      vi.spyOn(console, "error").mockImplementation(() => {});
      expect(await deliver(snapshot("req_retry", 1))).toMatchObject({ status: 503, body: { error: { code: "unavailable" } } });
      expect(await ledger()).toEqual([]);
      await db().execute(sql`drop trigger refuse_history on company_request_versions`);
      expect((await deliver(snapshot("req_retry", 1))).body).toEqual({ outcome: "applied" });
      expect((await db().select().from(companyRequests).where(eq(companyRequests.requestId, "req_retry")))[0]?.version).toBe(1);
    });
  });
});
