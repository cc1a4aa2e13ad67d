import { Hono } from "hono";
import { accountBillingConfigPatchSchema, billingRecentLimit, highUsagePatchBodySchema } from "../../lib/registry/schemas.shared";
import { apiError, issueDetails } from "../api-error";
import { balanceView } from "../billing";
import { newUuid } from "../ids";
import type { SimulatorContext } from "../simulator-context";
import { workspaceWithId } from "../workspaces";

/** Under /v2/billing: the spec's notification endpoints and the vendor-documented balance and settings. */
export function billingRoutes(ctx: SimulatorContext) {
  const app = new Hono();
  const { state } = ctx.store;
  const unknownWorkspace = (c: Parameters<typeof apiError>[0], id: string) =>
    apiError(c, 404, "not_found", `No workspace with the id ${id} (workspaces are addressed here by their UUID).`);

  app.get("/balance", (c) => c.json(balanceView(state)));

  app.get("/notifications/config", (c) => c.json(state.billingConfig));

  app.patch("/notifications/config", async (c) => {
    const parsed = accountBillingConfigPatchSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success)
      return apiError(c, 400, "invalid_request", "The notification settings are invalid.", issueDetails(parsed.error.issues));
    const named = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
    state.billingConfig = { ...state.billingConfig, ...named }; // an omitted field keeps its current value
    ctx.store.changed();
    return c.json(state.billingConfig);
  });

  app.get("/notifications/workspaces/:workspaceId/config", (c) => {
    const workspace = workspaceWithId(state, c.req.param("workspaceId"));
    if (!workspace) return unknownWorkspace(c, c.req.param("workspaceId"));
    return c.json({ accountConfig: state.billingConfig, workspaceOverride: state.highUsageOverrides[workspace.id] ?? null });
  });

  app.patch("/notifications/workspaces/:workspaceId/config", async (c) => {
    const workspace = workspaceWithId(state, c.req.param("workspaceId"));
    if (!workspace) return unknownWorkspace(c, c.req.param("workspaceId"));
    const parsed = highUsagePatchBodySchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success)
      return apiError(c, 400, "invalid_request", "The high-usage settings are invalid.", issueDetails(parsed.error.issues));
    const now = ctx.clock.now().toISOString();
    const current = state.highUsageOverrides[workspace.id];
    const set = parsed.data;
    // The PATCH replaces the override: a field it omits (or sends as null) inherits, whatever was set before.
    const next = {
      id: current?.id ?? newUuid(),
      workspaceId: workspace.id,
      createdAt: current?.createdAt ?? now,
      updatedAt: now,
      highUsageEnabled: set.highUsageEnabled ?? null,
      highUsageEmailEnabled: set.highUsageEmailEnabled ?? null,
      highUsageWebhookEnabled: set.highUsageWebhookEnabled ?? null,
      highUsagePeriodMinutes: set.highUsagePeriodMinutes ?? null,
      highUsageTiers: set.highUsageTiers ?? null,
    };
    state.highUsageOverrides[workspace.id] = next;
    ctx.store.changed();
    return c.json(next);
  });

  app.delete("/notifications/workspaces/:workspaceId/config", (c) => {
    const workspace = workspaceWithId(state, c.req.param("workspaceId"));
    if (!workspace) return unknownWorkspace(c, c.req.param("workspaceId"));
    delete state.highUsageOverrides[workspace.id];
    ctx.store.changed();
    return c.json({ ok: true });
  });

  app.get("/notifications/recent", (c) => {
    const raw = c.req.query("limit");
    const limit = raw === undefined ? billingRecentLimit.default : Number(raw);
    if (!Number.isInteger(limit) || limit < billingRecentLimit.min || limit > billingRecentLimit.max) {
      return apiError(
        c,
        400,
        "invalid_request",
        `limit must be a whole number from ${billingRecentLimit.min} to ${billingRecentLimit.max}.`,
      );
    }
    return c.json([...state.billingEvents].reverse().slice(0, limit));
  });

  return app;
}
