import { describe, expect, it } from "vitest";
import type { CompanyResponse, PricingResponse } from "@/lib/registry/schemas.shared";
import type { StoredRequest } from "@/lib/requests/stored-request";
import { plannedRetry, retriable, type RetryInput } from "./retry-order";

const both = (verification: number, onboarding: number) => ({ verification: { price: verification }, onboarding: { price: onboarding } });
const pricing = {
  blocks: [
    { sku: "shareholders", datapoints: ["shareholders"], modes: both(4, 2), includedDocuments: [] },
    { sku: "documents_listing", datapoints: ["availableDocuments"], modes: both(0, 0), includedDocuments: [] },
  ],
  shareholders: { available: true, price: 4 },
  availableDocuments: { available: true, price: 0 },
} as unknown as PricingResponse;

const failed = (retryable: boolean) => ({ status: "failed", error: { code: "source_unavailable", message: "Down.", retryable } });

function storedRequest(request: Record<string, unknown> = {}, snapshot: Record<string, unknown> = {}): StoredRequest {
  return {
    requestId: "req_1",
    origin: "console",
    connectionId: "c1",
    countryCode: "DE",
    companyId: "HRB 1",
    companyName: "Eins GmbH",
    version: 2,
    complete: true,
    createdAt: "",
    updatedAt: "",
    webhooksConfigured: false,
    snapshot: {
      request: {
        requestId: "req_1",
        dataStatus: {
          dataPoints: { shareholders: failed(true), company: failed(false) },
          documents: { "doc-7": failed(true) },
        },
        ...request,
      },
      availableDocuments: [{ id: "doc-7", price: 1.25 }],
      ...snapshot,
    } as unknown as CompanyResponse,
  } as StoredRequest;
}

const shareholders: RetryInput = { requestId: "req_1", kind: "dataPoint", name: "shareholders" };

describe("whether an entry can be retried", () => {
  it("needs a request that names its company", () => {
    expect(retriable({ ...storedRequest(), companyId: null }, shareholders)).toEqual({
      ok: false,
      code: "not_found",
      error: "This request does not name its company yet.",
    });
  });

  it("needs an entry that failed with the registry saying a retry can help", () => {
    const refusal = { ok: false, code: "not_retryable", error: "This entry has not failed in a way the registry says a retry can help." };
    expect(retriable(storedRequest(), { ...shareholders, name: "company" })).toEqual(refusal);
    expect(retriable(storedRequest(), { ...shareholders, name: "ultimateBeneficialOwners" })).toEqual(refusal);
    expect(retriable(storedRequest(), { ...shareholders, kind: "document" })).toEqual(refusal);
    expect(retriable(storedRequest(), shareholders)).toMatchObject({ ok: true, request: { countryCode: "DE", companyId: "HRB 1" } });
  });
});

describe("a retry's order and price", () => {
  const plan = (request: StoredRequest, input: RetryInput) => {
    const checked = retriable(request, input);
    if (!checked.ok) throw new Error(checked.error);
    return plannedRetry(checked.request, input, pricing);
  };

  it("re-orders the failed datapoint alone, in the request's own mode, under no case of its own", () => {
    expect(plan(storedRequest({ mode: "onboarding" }), shareholders)).toMatchObject({
      ok: true,
      plan: {
        label: "shareholders",
        quote: { total: 2, unpriced: [] },
        order: {
          countryCode: "DE",
          id: "HRB 1",
          mode: "onboarding",
          dataPoints: ["shareholders"],
          documents: [],
          quotedTotal: 2,
          caseReference: "",
        },
      },
    });
  });

  it("takes the first mode the pricing offers when the request states none", () => {
    expect(plan(storedRequest(), shareholders)).toMatchObject({ ok: true, plan: { order: { mode: "verification", quotedTotal: 4 } } });
  });

  it("orders a failed document beside the free document listing, at the document's price", () => {
    expect(plan(storedRequest(), { requestId: "req_1", kind: "document", name: "doc-7" })).toMatchObject({
      ok: true,
      plan: {
        label: "document doc-7",
        quote: { total: 1.25, documents: 1.25 },
        order: { dataPoints: ["availableDocuments"], documents: ["doc-7"], quotedTotal: 1.25 },
      },
    });
  });

  it("refuses a datapoint the console cannot order", () => {
    const request = storedRequest({ dataStatus: { dataPoints: { somethingNew: failed(true) } } });
    expect(plan(request, { ...shareholders, name: "somethingNew" })).toEqual({
      ok: false,
      code: "not_orderable",
      error: 'The console cannot order the datapoint "somethingNew".',
    });
  });
});
