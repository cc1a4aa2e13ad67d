"use server";

import { z } from "zod";
import { alertOutcomes } from "@/db/vocabulary";
import { roleAction, type ActionResult } from "@/lib/auth/role-action";
import { assignAlerts, commentOnAlert, moveAlertsToReview, resolveAlerts, type TriageOutcome } from "@/lib/alerts/triage";

const alertId = z.number("Unknown alert.").int().positive().max(Number.MAX_SAFE_INTEGER);
const alertIds = z.array(alertId).min(1, "Select at least one alert.").max(200, "Select at most 200 alerts at a time.");
const comment = z.string().trim().min(1, "Write a comment.").max(5_000, "Use at most 5,000 characters.");

/** Every alert refused: a failure in the first refusal's words; otherwise what changed and what was refused. */
function asResult(outcome: TriageOutcome): ActionResult<TriageOutcome> {
  if (outcome.changed.length === 0 && outcome.refused.length > 0) {
    const [first] = outcome.refused;
    const error = outcome.refused.length === 1 ? first!.error : `None of the ${outcome.refused.length} alerts changed: ${first!.error}`;
    return { ok: false, code: "refused", error };
  }
  return { ok: true, data: outcome };
}

export const assignAlertsAction = roleAction(
  "triageAlerts",
  z.object({ alertIds, assigneeId: z.uuid("Choose someone to assign to.").nullable() }),
  async (input, user) => asResult(await assignAlerts(user, input.alertIds, input.assigneeId)),
);

export const reviewAlertsAction = roleAction("triageAlerts", z.object({ alertIds }), async (input, user) =>
  asResult(await moveAlertsToReview(user, input.alertIds)),
);

export const resolveAlertsAction = roleAction(
  "triageAlerts",
  z.object({ alertIds, outcome: z.enum(alertOutcomes, "Choose an outcome."), comment }),
  async (input, user) => asResult(await resolveAlerts(user, input.alertIds, { outcome: input.outcome, comment: input.comment })),
);

export const commentAlertAction = roleAction("triageAlerts", z.object({ alertId, comment }), async (input, user) =>
  asResult(await commentOnAlert(user, input.alertId, input.comment)),
);
