import { Hono } from "hono";
import { billingRecentLimit, highUsagePatchBodySchema } from "../../lib/registry/schemas";
import { apiError, issueDetails } from "../api-error";
import { newUuid } from "../ids";
import type { SimulatorContext } from "../simulator-context";

export function billingRoutes(ctx: SimulatorContext) {
  const app = new Hono();
  const { state } = ctx.store;

  app.patch("/workspaces/:workspaceId/config", async (c) => {
    const parsed = highUsagePatchBodySchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success)
      return apiError(c, 400, "invalid_request", "The high-usage settings are invalid.", issueDetails(parsed.error.issues));
    const workspaceId = c.req.param("workspaceId");
    const now = ctx.clock.now().toISOString();
    const current = state.highUsageOverrides[workspaceId];
    const next = {
      id: (current?.id as string) ?? newUuid(),
      workspaceId,
      createdAt: (current?.createdAt as string) ?? now,
      updatedAt: now,
      highUsageEnabled: null,
      highUsageEmailEnabled: null,
      highUsageWebhookEnabled: null,
      highUsagePeriodMinutes: null,
      highUsageTiers: null,
      ...current,
      ...parsed.data, // an omitted field keeps inheriting (null) or keeps its earlier override
    };
    state.highUsageOverrides[workspaceId] = next;
    ctx.store.changed();
    return c.json(next);
  });

  app.delete("/workspaces/:workspaceId/config", (c) => {
    delete state.highUsageOverrides[c.req.param("workspaceId")];
    ctx.store.changed();
    return c.json({ ok: true });
  });

  app.get("/recent", (c) => {
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
