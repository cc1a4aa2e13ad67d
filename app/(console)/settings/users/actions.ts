"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { roles } from "@/db/vocabulary";
import { passwordRules } from "@/lib/auth/password";
import { roleAction, type ActionResult } from "@/lib/auth/role-action";
import { changeRole, createUser, resetPassword, setActive, type ChangeResult } from "@/lib/users/manage-users";

const userId = z.uuid("Unknown user.");

function refreshed<T>(result: ChangeResult<T>): ActionResult<T> {
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
  }),
  async (input, user) => refreshed(await createUser(user, input)),
);

export const changeRoleAction = roleAction(
  "manageUsers",
  z.object({ userId, role: z.enum(roles, "Choose a role.") }),
  async (input, user) => refreshed(await changeRole(user, input.userId, input.role)),
);

export const resetPasswordAction = roleAction("manageUsers", z.object({ userId }), async (input, user) =>
  refreshed(await resetPassword(user, input.userId)),
);

export const setActiveAction = roleAction("manageUsers", z.object({ userId, active: z.boolean() }), async (input, user) => {
  if (!input.active && input.userId === user.id) {
    return { ok: false, code: "self", error: "You cannot deactivate your own account. Ask another admin." };
  }
  return refreshed(await setActive(user, input.userId, input.active));
});
