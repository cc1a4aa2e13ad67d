import { randomBytes, timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import { apiError } from "./api-error";
import { setBalance } from "./billing";
import { SimClock } from "./clock";
import { companyData } from "./company-data";
import { runDueMonitorChecks } from "./monitor-checks";
import { catalogResponse, pricingResponse } from "./pricing";
import { isRegistryCountry } from "../lib/registry/countries.shared";
import { applyDueChanges } from "./requests";
import { billingRoutes } from "./routes/billing";
import { companyRoutes } from "./routes/company";
import { controlRoutes } from "./routes/control";
import { documentRoutes } from "./routes/documents";
import { monitorRoutes } from "./routes/monitors";
import { sandboxCompanyRoutes } from "./routes/sandbox-companies";
import { searchRoutes } from "./routes/search";
import { vaultRoutes } from "./routes/vault";
import { workspaceRoutes } from "./routes/workspaces";
import type { SimulatorContext } from "./simulator-context";
import { snapshotOf } from "./snapshot";
import { StateStore } from "./state";
import { vendorEndpointGate } from "./vendor-endpoints";
import { DeliveryQueue, type DeliveryQueueSnapshot } from "./webhooks/delivery-queue";

export type SimulatorOptions = {
  apiKey: string;
  webhookSecret: string;
  publicUrl: string;
  stateFile?: string;
  walletCredits: number;
  webhookUrl?: string;
  chaos?: { duplicateRate: number; reorderWindowMs: number };
  fetch?: typeof fetch;
  /** How often scheduled changes are checked for, in real time (default 100 ms). */
  tickMs?: number;
};

function sameKey(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? "");
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The registry simulator: every endpoint of the spec plus the /_sim/ control API, over one state. */
export function createSimulator(options: SimulatorOptions) {
  // `deliveries` is created below; saves only happen later, so the closure may refer to it.
  const store = StateStore.load(options.stateFile, options.walletCredits, (state) => {
    state.deliveries = deliveries.toJSON();
  });
  const { state } = store;
  if (options.webhookUrl) state.webhookUrl = options.webhookUrl;
  if (options.chaos) state.chaos = options.chaos;
  const clock = new SimClock(state.clockOffsetMs);
  state.vaultKey ??= randomBytes(32).toString("base64url");
  const vaultKey = Buffer.from(state.vaultKey, "base64url");

  const queueOptions = {
    endpoint: () => state.webhookUrl,
    secret: () => options.webhookSecret,
    now: () => clock.now(),
    fetch: options.fetch,
    chaos: state.chaos,
    onChange: () => store.changed(),
  };
  const deliveries = state.deliveries
    ? DeliveryQueue.fromJSON(state.deliveries as DeliveryQueueSnapshot, queueOptions)
    : new DeliveryQueue(queueOptions);

  const ctx: SimulatorContext = {
    store,
    clock,
    apiKey: options.apiKey,
    publicUrl: options.publicUrl,
    vaultKey,
    data: { companyName: (country, id) => companyData(state, country, id).companyName },
    webhookEndpoint: () => state.webhookUrl,
    sendWebhook: (type, payload) => void deliveries.enqueue(type, payload),
  };

  async function runDue() {
    applyDueChanges(
      ctx,
      (r) => companyData(state, r.countryCode, r.companyId),
      (r) => snapshotOf(ctx, r),
    );
    runDueMonitorChecks(ctx);
    await deliveries.runDue();
  }

  const unknownRoute = (c: Context) => apiError(c, 404, "not_found", `No endpoint ${c.req.method} ${c.req.path}.`);
  const app = new Hono();
  app.use("*", async (c, next) => {
    if (!sameKey(c.req.header("x-api-key"), options.apiKey) && !c.req.path.match(/^\/v2\/documents\/[^/]+\/[^/]+$/)) {
      return apiError(c, 401, "unauthorized", "Missing or invalid API key (send it in the x-api-key header).");
    }
    await next();
  });
  app.use("*", vendorEndpointGate(state, unknownRoute));
  app.route("/v2/search", searchRoutes(ctx));
  app.route("/v2", companyRoutes(ctx));
  app.route("/v2/monitors", monitorRoutes(ctx));
  app.route("/v2", vaultRoutes(ctx));
  app.route("/v2/workspaces", workspaceRoutes(ctx));
  app.route("/v2/billing", billingRoutes(ctx));
  app.route("/v2/documents", documentRoutes(ctx));
  app.get("/v2/pricing", (c) => {
    const country = c.req.query("countryCode") ?? "";
    return isRegistryCountry(country)
      ? c.json(pricingResponse(country))
      : apiError(c, 400, "invalid_request", `Unknown countryCode ${country}.`);
  });
  app.get("/v2/catalog", (c) => c.json(catalogResponse()));
  app.route("/v2/sandbox/companies", sandboxCompanyRoutes(ctx));
  app.post("/v2/sandbox/reset", (c) => {
    state.requests = {};
    state.billedBlocks = {};
    state.spends = [];
    setBalance(ctx, state.wallet.initial);
    store.changed();
    return c.json({ ok: true, wallet: state.wallet });
  });
  app.route(
    "/_sim",
    controlRoutes(ctx, {
      runDue,
      setChaos: (chaos) => deliveries.setChaos(chaos),
      deliveries: ({ state: wanted, type }) =>
        wanted === "pending" || wanted === "delivered" || wanted === "failed"
          ? deliveries.messages({ state: wanted, type }).map(({ body: _body, ...message }) => message)
          : deliveries.attempts({ type }),
    }),
  );
  app.notFound(unknownRoute);

  const timer = setInterval(() => void runDue().catch((error) => console.error("[simulator]", error)), options.tickMs ?? 100);
  timer.unref();

  return {
    app,
    ctx,
    queue: deliveries,
    runDue,
    async close() {
      clearInterval(timer);
      await deliveries.close();
      store.flush();
    },
  };
}

export type Simulator = ReturnType<typeof createSimulator>;
