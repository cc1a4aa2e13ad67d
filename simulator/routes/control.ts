import { Hono } from "hono";
import { z } from "zod";
import { apiError, issueDetails } from "../api-error";
import { charge, setBalance } from "../billing";
import type { SimulatorContext } from "../simulator-context";
import { initialState } from "../state";
import { workspaceNamedOrWithId } from "../workspaces";

export type ControlHooks = {
  /** Runs what is due at the simulated time: datapoint changes, monitor checks, webhook retries. */
  runDue: () => Promise<void>;
  setChaos: (chaos: { duplicateRate: number; reorderWindowMs: number }) => void;
  /** Delivery attempts with their outcome (`ok`), or with `state` the messages in that state (pending, delivered, failed). */
  deliveries: (filter: { state?: string; type?: string }) => unknown[];
};

const advanceBody = z.object({
  seconds: z
    .number()
    .nonnegative()
    .max(30 * 24 * 3600),
});
const walletBody = z.object({ balance: z.number().nonnegative() });
const chaosBody = z.object({ duplicateRate: z.number().min(0).max(1), reorderWindowMs: z.number().int().min(0).max(600_000) });
const endpointBody = z.object({ url: z.url().nullable() });
const autoTopupBody = z.object({
  enabled: z.boolean(),
  thresholdCredits: z.number().nonnegative(),
  amountCredits: z.number().positive(),
  outcome: z.enum(["succeeded", "failed"]).default("succeeded"),
});
const spendBody = z.object({ workspace: z.string().min(1), credits: z.number().positive() });
const vendorEndpointsBody = z.object({ enabled: z.boolean() });

/** The simulator's control API under /_sim/ (never under /v2/), protected by the same key. */
export function controlRoutes(ctx: SimulatorContext, hooks: ControlHooks) {
  const app = new Hono();
  const { state } = ctx.store;
  const body = async <T>(c: Parameters<typeof apiError>[0], schema: z.ZodType<T>) => {
    const parsed = schema.safeParse(await c.req.json().catch(() => undefined));
    return parsed.success
      ? { data: parsed.data }
      : { error: apiError(c, 400, "invalid_request", "The control request is invalid.", issueDetails(parsed.error.issues)) };
  };

  app.post("/reset", (c) => {
    const { webhookUrl, chaos } = state;
    Object.assign(state, initialState(state.wallet.initial), { webhookUrl, chaos });
    ctx.clock.offsetMs = 0;
    ctx.store.changed();
    return c.json({ ok: true });
  });

  app.put("/wallet", async (c) => {
    const parsed = await body(c, walletBody);
    if (parsed.error) return parsed.error;
    setBalance(ctx, parsed.data.balance);
    ctx.store.changed();
    return c.json(state.wallet);
  });

  app.get("/wallet", (c) => c.json(state.wallet));

  app.post("/advance", async (c) => {
    const parsed = await body(c, advanceBody);
    if (parsed.error) return parsed.error;
    const now = ctx.clock.advance(parsed.data.seconds * 1000);
    state.clockOffsetMs = ctx.clock.offsetMs;
    await hooks.runDue();
    ctx.store.changed();
    return c.json({ now: now.toISOString(), offsetSeconds: ctx.clock.offsetMs / 1000 });
  });

  app.put("/chaos", async (c) => {
    const parsed = await body(c, chaosBody);
    if (parsed.error) return parsed.error;
    state.chaos = parsed.data;
    hooks.setChaos(parsed.data);
    ctx.store.changed();
    return c.json(state.chaos);
  });

  app.put("/webhook-endpoint", async (c) => {
    const parsed = await body(c, endpointBody);
    if (parsed.error) return parsed.error;
    state.webhookUrl = parsed.data.url ?? undefined;
    ctx.store.changed();
    await hooks.runDue(); // messages waiting for an endpoint go now
    return c.json({ url: state.webhookUrl ?? null });
  });

  app.put("/auto-topup", async (c) => {
    const parsed = await body(c, autoTopupBody);
    if (parsed.error) return parsed.error;
    state.autoTopup = parsed.data;
    ctx.store.changed();
    return c.json(state.autoTopup);
  });

  // Charges a workspace as a company request would (wallet, low-balance, high-usage, auto-top-up), with no request.
  app.post("/spend", async (c) => {
    const parsed = await body(c, spendBody);
    if (parsed.error) return parsed.error;
    const { workspace: named, credits } = parsed.data;
    const workspace = workspaceNamedOrWithId(state, named);
    if (!workspace) return apiError(c, 404, "not_found", `No workspace named or with the id ${named}.`);
    if (state.wallet.balance < credits)
      return apiError(c, 402, "insufficient_funds", `This spend is ${credits} credits; the balance is ${state.wallet.balance}.`);
    charge(ctx, credits, workspace.id, null);
    ctx.store.changed();
    return c.json({ workspaceId: workspace.id, credits, balance: state.wallet.balance });
  });

  app.put("/vendor-endpoints", async (c) => {
    const parsed = await body(c, vendorEndpointsBody);
    if (parsed.error) return parsed.error;
    state.vendorEndpointsEnabled = parsed.data.enabled;
    ctx.store.changed();
    return c.json({ enabled: state.vendorEndpointsEnabled });
  });

  app.get("/vendor-endpoints", (c) => c.json({ enabled: state.vendorEndpointsEnabled }));

  app.get("/deliveries", (c) => c.json(hooks.deliveries({ state: c.req.query("state"), type: c.req.query("type") })));

  return app;
}
