import "server-only";
import { z } from "zod";
import { isRedirect, redirectRefusal } from "./redirect-refusal";
import { isRetryable, parseRetryAfter, RegistryError } from "./registry-error.shared";
import {
  accountBillingConfigSchema,
  balanceResponseSchema,
  billingEventsSchema,
  catalogResponseSchema,
  companyResponseSchema,
  errorBodySchema,
  highUsageOverrideSchema,
  monitorListResponseSchema,
  monitorLogsResponseSchema,
  monitorNotificationEventSchema,
  monitorSchema,
  pricingResponseSchema,
  searchResultsSchema,
  vaultEntriesSchema,
  vaultEntrySchema,
  vaultSourcesSchema,
  sandboxCompanySchema,
  workspaceBillingViewSchema,
  workspaceListSchema,
  workspaceSummarySchema,
  workspaceResponseSchema,
  workspaceUsageSchema,
  type accountBillingConfigPatchSchema,
  type billingRecentQuerySchema,
  type sandboxCompanyBodySchema,
  type sandboxCompanyPatchSchema,
  type companyRequestBodySchema,
  type highUsagePatchBodySchema,
  type monitorCreateBodySchema,
  type monitorListQuerySchema,
  type onboardingRequestBodySchema,
  type searchQuerySchema,
  type testNotificationBodySchema,
  type vaultPutBodySchema,
  type workspacePatchBodySchema,
  type workspaceUsageQuerySchema,
} from "./schemas.shared";
import { parseSearchStream, type SearchStreamEvent } from "./search-stream";
import type { workspaceCreateBodySchema } from "./workspace-body-schemas.shared";

/** Where and as whom the client calls: a stored connection, decrypted on the server. */
export type RegistryTarget = { baseUrl: string; apiKey: string };

export const timeouts = { searchMs: 15_000, defaultMs: 30_000 } as const;
/** An idempotent GET answered 429 is retried once by itself when the wait is at most this long. */
export const autoRetryMaxSeconds = 5;

type CallOptions = { signal?: AbortSignal };
type Query = Record<string, string | number | boolean | undefined>;

type Call<S extends z.ZodType | undefined> = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: Query;
  body?: unknown;
  schema: S;
  timeoutMs?: number;
  /** Spends no credits and changes nothing: safe to send again after a short 429. */
  idempotent?: boolean;
  accept?: string;
};

export type ClientDependencies = {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  timeouts: { searchMs: number; defaultMs: number };
};

const defaults: ClientDependencies = {
  fetch: (...args) => globalThis.fetch(...args),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  timeouts,
};

const seg = encodeURIComponent;

// Bodies the spec leaves open: keep whatever comes back.
const okSchema = z.looseObject({ ok: z.boolean() });
const openObjectSchema = z.looseObject({});

function withQuery(base: string, path: string, query: Query = {}): string {
  const url = new URL(base.replace(/\/+$/, "") + path);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
  return url.toString();
}

async function errorFrom(response: Response): Promise<RegistryError> {
  const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
  const text = await response.text().catch(() => "");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = errorBodySchema.safeParse(json);
  if (!parsed.success) {
    return new RegistryError({
      status: response.status,
      code: response.status === 429 ? "rate_limited" : "bad_response",
      message: `The registry answered ${response.status} ${response.statusText || ""}without an error body it documents.`.replace(
        "  ",
        " ",
      ),
      details: text ? [text.slice(0, 300)] : [],
      retryable: isRetryable(response.status, ""),
      retryAfter,
    });
  }
  const { code, message, details } = parsed.data.error;
  return new RegistryError({
    status: response.status,
    code,
    message,
    details: details ?? [],
    retryable: isRetryable(response.status, code),
    retryAfter,
  });
}

function shapeError(status: number, issues: z.core.$ZodIssue[]): RegistryError {
  return new RegistryError({
    status,
    code: "bad_response",
    message: "The registry answered in a shape the console does not recognise.",
    details: issues.slice(0, 5).map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`),
    retryable: false,
  });
}

/**
 * A typed client for the Company Registry Data Service: one function per endpoint of the spec.
 * Every answer is validated against lib/registry/schemas.shared.ts; every failure is a RegistryError
 * (`bad_response`, `network_error`, `timeout` and `unexpected_redirect` for what the API itself did not say).
 */
export function createRegistryClient(target: RegistryTarget, dependencies: Partial<ClientDependencies> = {}) {
  const deps = { ...defaults, ...dependencies };

  async function send(call: Call<z.ZodType | undefined>, options: CallOptions): Promise<Response> {
    const timeoutMs = call.timeoutMs ?? deps.timeouts.defaultMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const url = withQuery(target.baseUrl, call.path, call.query);
    let response: Response;
    try {
      response = await deps.fetch(url, {
        method: call.method,
        headers: {
          "x-api-key": target.apiKey,
          accept: call.accept ?? "application/json",
          ...(call.body !== undefined && { "content-type": "application/json" }),
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal,
        // A redirect would carry x-api-key (and the body) to wherever the answer points: never followed.
        redirect: "manual",
      });
    } catch (error) {
      if (options.signal?.aborted) throw error; // the caller gave up: not the registry's fault
      if (timeout.aborted) {
        throw new RegistryError({
          status: 0,
          code: "timeout",
          message: `The registry did not answer within ${timeoutMs / 1000} s.`,
          details: [],
          retryable: true,
        });
      }
      throw new RegistryError({
        status: 0,
        code: "network_error",
        message: `The registry could not be reached at ${new URL(target.baseUrl).host}.`,
        details: [String((error as Error).cause ?? (error as Error).message)],
        retryable: true,
      });
    }
    if (isRedirect(response.status)) {
      await response.body?.cancel();
      throw redirectRefusal(response, url, "The registry");
    }
    return response;
  }

  async function request<S extends z.ZodType | undefined>(
    call: Call<S>,
    options: CallOptions = {},
  ): Promise<S extends z.ZodType ? z.infer<S> : undefined> {
    let response = await send(call, options);
    if (response.status === 429 && call.idempotent && call.method === "GET") {
      const wait = parseRetryAfter(response.headers.get("retry-after"));
      if (wait !== undefined && wait <= autoRetryMaxSeconds) {
        await response.body?.cancel();
        await deps.sleep(wait * 1000);
        response = await send(call, options);
      }
    }
    if (!response.ok) throw await errorFrom(response);
    if (!call.schema) {
      await response.body?.cancel();
      return undefined as never;
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new RegistryError({
        status: response.status,
        code: "bad_response",
        message: "The registry answered with something that is not JSON.",
        details: [],
        retryable: false,
      });
    }
    const parsed = call.schema.safeParse(json);
    if (!parsed.success) throw shapeError(response.status, parsed.error.issues);
    return parsed.data as never;
  }

  type SearchParams = z.input<typeof searchQuerySchema>;

  return {
    /** GET /v2/search (free). */
    search: (params: SearchParams, options?: CallOptions) =>
      request(
        {
          method: "GET",
          path: "/v2/search",
          query: { ...params },
          schema: searchResultsSchema,
          timeoutMs: deps.timeouts.searchMs,
          idempotent: true,
        },
        options,
      ),

    /** GET /v2/search?stream=true: progress events as each source finishes, then complete (or error). */
    async *searchStream(params: SearchParams, options: CallOptions = {}): AsyncGenerator<SearchStreamEvent> {
      const call = {
        method: "GET",
        path: "/v2/search",
        query: { ...params, stream: true },
        schema: undefined,
        timeoutMs: deps.timeouts.searchMs,
        accept: "text/event-stream",
      } as const;
      const response = await send(call, options);
      if (!response.ok) throw await errorFrom(response);
      if (!response.body)
        throw new RegistryError({
          status: response.status,
          code: "bad_response",
          message: "The search stream had no body.",
          details: [],
          retryable: true,
        });
      yield* parseSearchStream(response.body, options.signal);
    },

    /** POST /v2/company: spends credits; never retried automatically. */
    createCompany: (body: z.input<typeof companyRequestBodySchema>, options?: CallOptions) =>
      request({ method: "POST", path: "/v2/company", body, schema: companyResponseSchema }, options),
    /** GET /v2/company/{requestId}: the current snapshot (free). */
    getCompany: (requestId: string, options?: CallOptions) =>
      request({ method: "GET", path: `/v2/company/${seg(requestId)}`, schema: companyResponseSchema, idempotent: true }, options),
    /** POST /v2/onboarding (fast mode): spends credits; never retried automatically. */
    onboarding: (body: z.input<typeof onboardingRequestBodySchema>, options?: CallOptions) =>
      request({ method: "POST", path: "/v2/onboarding", body, schema: companyResponseSchema }, options),

    pricing: (countryCode: string, options?: CallOptions) =>
      request({ method: "GET", path: "/v2/pricing", query: { countryCode }, schema: pricingResponseSchema, idempotent: true }, options),

    createMonitor: (body: z.input<typeof monitorCreateBodySchema>, options?: CallOptions) =>
      request({ method: "POST", path: "/v2/monitors", body, schema: monitorSchema }, options),
    listMonitors: (query: z.input<typeof monitorListQuerySchema> = {}, options?: CallOptions) =>
      request({ method: "GET", path: "/v2/monitors", query: { ...query }, schema: monitorListResponseSchema, idempotent: true }, options),
    getMonitor: (id: string, options?: CallOptions) =>
      request({ method: "GET", path: `/v2/monitors/${seg(id)}`, schema: monitorSchema, idempotent: true }, options),
    deleteMonitor: (id: string, options?: CallOptions) =>
      request({ method: "DELETE", path: `/v2/monitors/${seg(id)}`, schema: undefined }, options),
    monitorLogs: (id: string, query: { first?: number; after?: string } = {}, options?: CallOptions) =>
      request({ method: "GET", path: `/v2/monitors/${seg(id)}/logs`, query, schema: monitorLogsResponseSchema, idempotent: true }, options),
    testNotification: (id: string, body: z.input<typeof testNotificationBodySchema>, options?: CallOptions) =>
      request({ method: "POST", path: `/v2/monitors/${seg(id)}/test-notification`, body, schema: monitorNotificationEventSchema }, options),

    vaultSources: (options?: CallOptions) =>
      request({ method: "GET", path: "/v2/vault/sources", schema: vaultSourcesSchema, idempotent: true }, options),
    /** PUT a credential: the payload is sent through and never kept by the console. */
    putVault: (workspace: string, sourceKey: string, body: z.input<typeof vaultPutBodySchema>, options?: CallOptions) =>
      request({ method: "PUT", path: `/v2/workspaces/${seg(workspace)}/vault/${seg(sourceKey)}`, body, schema: vaultEntrySchema }, options),
    listVault: (workspace: string, options?: CallOptions) =>
      request({ method: "GET", path: `/v2/workspaces/${seg(workspace)}/vault`, schema: vaultEntriesSchema, idempotent: true }, options),

    patchWorkspace: (name: string, body: z.input<typeof workspacePatchBodySchema>, options?: CallOptions) =>
      request({ method: "PATCH", path: `/v2/workspaces/${seg(name)}`, body, schema: workspaceResponseSchema }, options),

    patchHighUsage: (workspaceId: string, body: z.input<typeof highUsagePatchBodySchema>, options?: CallOptions) =>
      request(
        { method: "PATCH", path: `/v2/billing/notifications/workspaces/${seg(workspaceId)}/config`, body, schema: highUsageOverrideSchema },
        options,
      ),
    deleteHighUsage: (workspaceId: string, options?: CallOptions) =>
      request({ method: "DELETE", path: `/v2/billing/notifications/workspaces/${seg(workspaceId)}/config`, schema: okSchema }, options),
    recentBillingEvents: (query: z.input<typeof billingRecentQuerySchema> = {}, options?: CallOptions) =>
      request(
        { method: "GET", path: "/v2/billing/notifications/recent", query: { ...query }, schema: billingEventsSchema, idempotent: true },
        options,
      ),

    // Vendor-documented, beyond the spec: an API with only the spec's endpoints answers 404 (see lib/registry/vendor-endpoint.ts).
    /** GET /v2/billing/balance (vendor-documented). */
    balance: (options?: CallOptions) =>
      request({ method: "GET", path: "/v2/billing/balance", schema: balanceResponseSchema, idempotent: true }, options),
    /** GET /v2/billing/notifications/config (vendor-documented): the account's resolved settings. */
    accountBillingConfig: (options?: CallOptions) =>
      request({ method: "GET", path: "/v2/billing/notifications/config", schema: accountBillingConfigSchema, idempotent: true }, options),
    /** PATCH /v2/billing/notifications/config (vendor-documented). */
    patchAccountBillingConfig: (body: z.input<typeof accountBillingConfigPatchSchema>, options?: CallOptions) =>
      request({ method: "PATCH", path: "/v2/billing/notifications/config", body, schema: accountBillingConfigSchema }, options),
    /** GET /v2/billing/notifications/workspaces/{workspaceId}/config (vendor-documented): account settings and the raw override. */
    workspaceBillingView: (workspaceId: string, options?: CallOptions) =>
      request(
        {
          method: "GET",
          path: `/v2/billing/notifications/workspaces/${seg(workspaceId)}/config`,
          schema: workspaceBillingViewSchema,
          idempotent: true,
        },
        options,
      ),
    /** GET /v2/workspaces (vendor-documented; no published response schema). */
    listWorkspaces: (options?: CallOptions) =>
      request({ method: "GET", path: "/v2/workspaces", schema: workspaceListSchema, idempotent: true }, options),
    /** POST /v2/workspaces (vendor-documented). */
    createWorkspace: (body: z.input<typeof workspaceCreateBodySchema>, options?: CallOptions) =>
      request({ method: "POST", path: "/v2/workspaces", body, schema: workspaceSummarySchema }, options),
    /** DELETE /v2/workspaces/{name} (vendor-documented; the answer's shape is not published). */
    deleteWorkspace: (name: string, options?: CallOptions) =>
      request({ method: "DELETE", path: `/v2/workspaces/${seg(name)}`, schema: openObjectSchema }, options),
    /** GET /v2/workspaces/usage (vendor-documented; no published response schema). */
    workspaceUsage: (query: z.input<typeof workspaceUsageQuerySchema> = {}, options?: CallOptions) =>
      request(
        { method: "GET", path: "/v2/workspaces/usage", query: { ...query }, schema: workspaceUsageSchema, idempotent: true },
        options,
      ),

    /** POST /v2/sandbox/companies: a user-defined company (development environments only). */
    createSandboxCompany: (body: z.input<typeof sandboxCompanyBodySchema>, options?: CallOptions) =>
      request({ method: "POST", path: "/v2/sandbox/companies", body, schema: sandboxCompanySchema }, options),
    /** PATCH /v2/sandbox/companies/{country}/{id}: changes what the next request of that company returns. */
    patchSandboxCompany: (countryCode: string, id: string, body: z.input<typeof sandboxCompanyPatchSchema>, options?: CallOptions) =>
      request(
        { method: "PATCH", path: `/v2/sandbox/companies/${seg(countryCode)}/${seg(id)}`, body, schema: sandboxCompanySchema },
        options,
      ),
    /** POST /v2/sandbox/reset: development environments only. */
    resetSandbox: (options?: CallOptions) => request({ method: "POST", path: "/v2/sandbox/reset", schema: openObjectSchema }, options),
    catalog: (options?: CallOptions) =>
      request({ method: "GET", path: "/v2/catalog", schema: catalogResponseSchema, idempotent: true }, options),
  };
}

export type RegistryClient = ReturnType<typeof createRegistryClient>;
