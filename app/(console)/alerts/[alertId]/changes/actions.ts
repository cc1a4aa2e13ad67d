"use server";

import { z } from "zod";
import { markDiffReviewed, alertForChanges, orderReretrieval } from "@/lib/orders/what-changed";
import { reretrievalConfirmationSchema } from "@/lib/alerts/what-changed-caps";
import { can } from "@/lib/auth/capabilities.shared";
import { roleAction } from "@/lib/auth/role-action";
import { registryFor } from "@/lib/connections/registry-for";

const alertIdSchema = z.number().int().positive();

/**
 * Orders "See what changed" after the user confirmed the total and caps, which must be the server's own quote (a post
 * without them, or with others, is refused). Needs triageAlerts and spendCredits; spends on the alert's own connection
 * (the one its monitor lives on), never the session's active one.
 */
export const orderWhatChangedAction = roleAction(
  "triageAlerts",
  reretrievalConfirmationSchema.extend({ alertId: alertIdSchema }),
  async ({ alertId, ...confirmed }, user) => {
    if (!can(user.role, "spendCredits")) return { ok: false, code: "forbidden", error: "Your role cannot spend credits." };
    const alert = await alertForChanges(alertId);
    if (!alert) return { ok: false, code: "not_found", error: "This console has no alert with this id." };
    const ordered = await orderReretrieval(user, alert, await registryFor({ connectionId: alert.connectionId }), confirmed);
    return ordered.ok ? { ok: true, data: { requestId: ordered.data.requestId } } : ordered;
  },
);

/** The user has the alert's diff on screen: recorded once per user and alert. */
export const diffViewedAction = roleAction("readAlerts", z.object({ alertId: alertIdSchema }), async ({ alertId }, user) => {
  const alert = await alertForChanges(alertId);
  if (!alert) return { ok: false, code: "not_found", error: "This console has no alert with this id." };
  return { ok: true, data: { recorded: await markDiffReviewed(user, alert) } };
});
