"use server";

import { z } from "zod";
import { roleAction } from "@/lib/auth/role-action";
import { requestDualControlSetting } from "@/lib/dual-control/dual-control-setting";
import { rejectChange } from "@/lib/dual-control/pending-changes";
import { approveAndHandOver } from "@/lib/approvals/performers";

const changeId = z.uuid({ error: "Unknown change." });

/**
 * Approves a pending change and performs it under the caller's session (a different admin than the requester, who
 * has held their admin role and password since before it was asked for). A password the change generated (an
 * admin's reset or creation) comes back to this approver alone, to pass on.
 */
export const approveChangeAction = roleAction("decideChanges", z.object({ id: changeId }), async ({ id }, user) =>
  approveAndHandOver(user, id),
);

/** Rejects a pending change with a comment the requester will read. */
export const rejectChangeAction = roleAction(
  "decideChanges",
  z.object({
    id: changeId,
    comment: z.string().trim().min(1, { error: "Say why the change is rejected." }).max(1000, { error: "At most 1,000 characters." }),
  }),
  async ({ id, comment }, user) => {
    const result = await rejectChange(user, id, comment);
    return result.ok ? { ok: true, data: undefined } : result;
  },
);

const settingChange = z.discriminatedUnion("enabled", [
  z.object({ enabled: z.literal(true) }),
  z.object({
    enabled: z.literal(false),
    reason: z.string().trim().min(1, { error: "Say why dual control should be off." }).max(1000, { error: "At most 1,000 characters." }),
  }),
]);

/**
 * Turns dual control on (at once) or off. Turning it off is itself a dual-control change: pending until a second
 * admin approves it, or let through with the warning when this console has one active admin.
 */
export const setDualControlAction = roleAction("decideChanges", settingChange, async (input, user) =>
  requestDualControlSetting(user, input),
);
