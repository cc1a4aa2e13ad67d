import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, companyRequests, registryConnections } from "@/db/schema";
import { createRegistryClient } from "@/lib/registry/client";
import type { ConnectionView } from "@/lib/connections/manage-connections";
import { insertUser } from "@/test/users-fixture";
import { startTestSimulator } from "../../simulator/test-harness";
import { orderInputSchema } from "./order-input.shared";
import { onboardingInputSchema } from "./onboarding-input.shared";
import { placeOnboarding, placeOrder } from "./place-order";
import { openedRegistry } from "@/test/opened-registry";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
let registry: { connection: ConnectionView; client: ReturnType<typeof createRegistryClient> };
let user: Awaited<ReturnType<typeof insertUser>>;

const order = (extra: Record<string, unknown> = {}) =>
  orderInputSchema.parse({
    countryCode: "DE",
    id: "HRB 86891",
    dataPoints: ["company", "shareholders"],
    quotedTotal: 8,
    caseReference: "KYC-7",
    ...extra,
  });
const audits = async () => db().select().from(auditLog).where(eq(auditLog.action, "company.ordered")).orderBy(auditLog.id);

describe("placing an order", () => {
  beforeAll(async () => {
    sim = await startTestSimulator({ walletCredits: 100 });
    await sim.call("PUT", "/_sim/webhook-endpoint", { url: null });
    await db().execute(sql`truncate ${registryConnections}, ${companyRequests}, ${auditLog} cascade`);
    registry = await openedRegistry(sim.baseUrl);
    user = await insertUser("officer@example.com", "compliance");
  });
  afterAll(() => sim.close());

  it("records the request as ordered here by the user, stores the first snapshot and audits the quote and caps", async () => {
    const result = await placeOrder(user, order({ maxBudget: 8, profileMaxBudget: 8 }), registry);
    expect(result.ok).toBe(true);
    const requestId = result.ok ? result.data.requestId : "";
    const [stored] = await db().select().from(companyRequests).where(eq(companyRequests.requestId, requestId));
    expect(stored).toMatchObject({
      origin: "console",
      orderedBy: user.id,
      connectionId: registry.connection.id,
      countryCode: "DE",
      companyId: "HRB 86891",
      version: 1,
    });
    expect((stored!.snapshot as { request: { metadata: Record<string, string> } }).request.metadata).toEqual({
      orderedBy: "officer@example.com",
      caseReference: "KYC-7",
      consoleIntentId: expect.any(String),
    });
    const [row] = await audits();
    expect(row).toMatchObject({ actorEmail: "officer@example.com", target: "DE HRB 86891" });
    expect(row!.details).toMatchObject({
      outcome: "ordered",
      requestId,
      quotedTotal: 8,
      caps: { maxBudget: 8, profileMaxBudget: 8, graphMaxBudget: null },
      dataPoints: ["company", "shareholders"],
      caseReference: "KYC-7",
    });
  });

  it("returns the registry's refusal in its words, audited, and stores no request", async () => {
    const before = (await db().select().from(companyRequests)).length;
    const funds = await placeOrder(user, order({ id: "INSUFFICIENT_FUNDS" }), registry);
    expect(funds).toMatchObject({ ok: false, code: "insufficient_funds", registry: { status: 402, code: "insufficient_funds" } });
    const budget = await placeOrder(user, order({ id: "HRB 12345", maxBudget: 1 }), registry);
    expect(budget).toMatchObject({ ok: false, code: "budget_exceeded" });
    expect(budget.ok === false && budget.registry?.details.join(" ")).toMatch(/quotedPrice: \d/);
    const limited = await placeOrder(user, order({ id: "RATE_LIMITED" }), registry);
    expect(limited).toMatchObject({ ok: false, code: "rate_limited", registry: { status: 429, retryable: true } });
    expect(limited.ok === false && limited.registry?.retryAfter).toBeGreaterThan(0);
    expect((await db().select().from(companyRequests)).length).toBe(before);
    expect((await audits()).slice(-3).map((a) => (a.details as { outcome: string; code: string }).code)).toEqual([
      "insufficient_funds",
      "budget_exceeded",
      "rate_limited",
    ]);
  });

  it("explains a non-canonical Mauritius id without calling the registry", async () => {
    const result = await placeOrder(user, order({ countryCode: "MU", id: "12345" }), registry);
    expect(result).toMatchObject({
      ok: false,
      code: "invalid_input",
      fieldErrors: { id: [expect.stringMatching(/one letter followed by 2 to 6 digits/)] },
    });
  });

  it("records a fast-mode onboarding like an order, complete in its answer; a registry time-out (504) comes back as an unknown outcome", async () => {
    const result = await placeOnboarding(
      user,
      onboardingInputSchema.parse({ countryCode: "FR", id: "552100554", quotedTotal: 2, caseReference: "ONB-1" }),
      registry,
    );
    expect(result.ok).toBe(true);
    const requestId = result.ok ? result.data.requestId : "";
    const [stored] = await db().select().from(companyRequests).where(eq(companyRequests.requestId, requestId));
    expect(stored).toMatchObject({ origin: "console", orderedBy: user.id, complete: true, countryCode: "FR" });
    expect((await audits()).at(-1)?.details).toMatchObject({
      kind: "onboarding",
      outcome: "ordered",
      quotedTotal: 2,
      caseReference: "ONB-1",
      requestId,
    });

    const timeout = await placeOnboarding(
      user,
      onboardingInputSchema.parse({ countryCode: "FR", id: "ONBOARDING_TIMEOUT", quotedTotal: 2 }),
      registry,
    );
    expect(timeout).toMatchObject({ ok: false, code: "outcome_unknown", registry: { code: "outcome_unknown", retryable: false } });
    // The registry's code in words, not the code.
    expect(timeout.ok === false && timeout.error).toContain("(Onboarding took too long)");
    expect(timeout.ok === false && timeout.error).not.toContain("onboarding_timeout");
  });

  it("files a follow-up without a case reference under the one of the request it follows; its own, or a first order's, stays", async () => {
    const metadataOf = async (result: Awaited<ReturnType<typeof placeOrder>>) => {
      const requestId = result.ok ? result.data.requestId : "";
      const [stored] = await db().select().from(companyRequests).where(eq(companyRequests.requestId, requestId));
      return (stored!.snapshot as { request: { metadata: Record<string, string> } }).request.metadata;
    };
    const followUp = await placeOrder(user, order({ caseReference: "" }), registry, {}, { purpose: "re_retrieval" });
    expect(await metadataOf(followUp)).toMatchObject({ caseReference: "KYC-7" });
    expect((await audits()).at(-1)!.details).toMatchObject({ caseReference: "KYC-7" });
    const own = await placeOrder(user, order({ caseReference: "KYC-8" }), registry, {}, { purpose: "re_retrieval" });
    expect(await metadataOf(own)).toMatchObject({ caseReference: "KYC-8" });
    const first = await placeOrder(user, order({ caseReference: "" }), registry);
    expect(await metadataOf(first)).not.toHaveProperty("caseReference");
  });
});
