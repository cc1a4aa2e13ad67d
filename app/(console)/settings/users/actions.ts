"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { roles } from "@/db/vocabulary";
import { passwordRules } from "@/lib/auth/password";
import { roleAction } from "@/lib/auth/role-action";
import type { ActionResult } from "@/lib/forms/action-result";
import {
  requestCreateUser,
  requestPasswordReset,
  requestRoleChange,
  requestSetActive,
  type UserChangeOutcome,
} from "@/lib/users/user-access";

const userId = z.uuid("Unknown user.");
/** Why: required by the server for a change that affects an admin (a second admin reads it), ignored otherwise. */
const reason = z
  .string()
  .trim()
  .max(1000, "Use at most 1,000 characters.")
  .optional()
  .transform((text) => text || undefined);

function refreshed(result: ActionResult<UserChangeOutcome>): ActionResult<UserChangeOutcome> {
  if (result.ok) revalidatePath("/settings/users");
  return result;
}

export const createUserAction = roleAction(
  "manageUsers",
  z.object({
    email: z.email("Enter a valid email address.").max(320),
    name: z.string().trim().max(200, "Use at most 200 characters."),
    role: z.enum(roles, "Choose a role."),
    password: z
      .string()
      .min(passwordRules.min, `Use at least ${passwordRules.min} characters, or leave empty to generate a one-time password.`)
      .max(passwordRules.max)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    reason,
  }),
  async (input, user) => refreshed(await requestCreateUser(user, input)),
);

export const changeRoleAction = roleAction(
  "manageUsers",
  z.object({ userId, role: z.enum(roles, "Choose a role."), reason }),
  async (input, user) => refreshed(await requestRoleChange(user, input.userId, input.role, input.reason)),
);

export const resetPasswordAction = roleAction("manageUsers", z.object({ userId, reason }), async (input, user) =>
  refreshed(await requestPasswordReset(user, input.userId, input.reason)),
);

export const setActiveAction = roleAction("manageUsers", z.object({ userId, active: z.boolean(), reason }), async (input, user) =>
  refreshed(await requestSetActive(user, input.userId, input.active, input.reason)),
);
