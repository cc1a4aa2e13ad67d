"use server";

import { z } from "zod";
import { alertOutcomes } from "@/db/vocabulary";
import { roleAction } from "@/lib/auth/role-action";
import type { ActionResult } from "@/lib/forms/action-result";
import { alertDetail, type AlertDetail } from "@/lib/alerts/alert-detail";
import { inboxRowsById } from "@/lib/alerts/inbox-page";
import { assignAlerts, changeAlert, moveAlertsToReview, resolveAlerts, type TriageOutcome } from "@/lib/alerts/triage";
import type { InboxTableRow } from "./inbox-table";
import { tableRow } from "./table-row";

const alertId = z.number("Unknown alert.").int().positive().max(Number.MAX_SAFE_INTEGER);
const alertIds = z.array(alertId).min(1, "Select at least one alert.").max(200, "Select at most 200 alerts at a time.");
const comment = z.string().trim().min(1, "Write a comment.").max(5_000, "Use at most 5,000 characters.");

/** A bulk change's answer: what changed, each refusal, and the changed alerts' rows as they are now. */
export type BulkAnswer = TriageOutcome & { rows: InboxTableRow[] };

/**
 * Every alert refused: a failure in the first refusal's words. Otherwise what changed and what was refused, with the
 * changed rows read back, so the inbox replaces its guess with them without re-rendering the page.
 */
async function answer(outcome: TriageOutcome): Promise<ActionResult<BulkAnswer>> {
  if (outcome.changed.length === 0 && outcome.refused.length > 0) {
    const [first] = outcome.refused;
    const error = outcome.refused.length === 1 ? first!.error : `None of the ${outcome.refused.length} alerts changed: ${first!.error}`;
    return { ok: false, code: "refused", error };
  }
  const now = new Date();
  const rows = (await inboxRowsById(outcome.changed)).map((row) => tableRow(row, now));
  return { ok: true, data: { ...outcome, rows } };
}

export const assignAlertsAction = roleAction(
  "triageAlerts",
  z.object({ alertIds, assigneeId: z.uuid("Choose someone to assign to.").nullable() }),
  async (input, user) => answer(await assignAlerts(user, input.alertIds, input.assigneeId)),
);

export const reviewAlertsAction = roleAction("triageAlerts", z.object({ alertIds }), async (input, user) =>
  answer(await moveAlertsToReview(user, input.alertIds)),
);

export const resolveAlertsAction = roleAction(
  "triageAlerts",
  z.object({ alertIds, outcome: z.enum(alertOutcomes, "Choose an outcome."), comment }),
  async (input, user) => answer(await resolveAlerts(user, input.alertIds, { outcome: input.outcome, comment: input.comment })),
);

const change = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("assign"), assigneeId: z.uuid("Choose someone to assign to.").nullable() }),
  z.object({ kind: z.literal("review") }),
  z.object({ kind: z.literal("resolve"), outcome: z.enum(alertOutcomes, "Choose an outcome."), comment }),
  z.object({ kind: z.literal("comment"), comment }),
]);

/** One change from the alert's page; the answer is the alert as it is now, which replaces the page's guess. */
export const changeAlertAction = roleAction(
  "triageAlerts",
  z.object({ alertId, change }),
  async (input, user): Promise<ActionResult<AlertDetail>> => {
    const refusal = await changeAlert(user, input.alertId, input.change);
    if (refusal) return { ok: false, code: "refused", error: refusal };
    const alert = await alertDetail(input.alertId);
    return alert ? { ok: true, data: alert } : { ok: false, code: "not_found", error: "No such alert." };
  },
);
