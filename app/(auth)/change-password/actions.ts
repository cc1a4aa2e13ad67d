"use server";

import { z } from "zod";
import { roleAction } from "@/lib/auth/role-action";
import { passwordRules } from "@/lib/auth/password";
import { carrySessionOver } from "@/lib/auth/session-cookie";
import { changeOwnPassword } from "@/lib/users/manage-users";

const schema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password."),
    newPassword: z
      .string()
      .min(passwordRules.min, `Use at least ${passwordRules.min} characters.`)
      .max(passwordRules.max, `Use at most ${passwordRules.max} characters.`),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "The two new passwords differ." });

export const changePasswordAction = roleAction(
  "useConsole",
  schema,
  async (input, user) => {
    const result = await changeOwnPassword({ id: user.id, email: user.email }, input.currentPassword, input.newPassword);
    if (!result.ok) return result;
    // The change signs out the user's other sessions; this one carries on.
    await carrySessionOver(user.id, result.data.sessionVersion);
    return { ok: true, data: undefined };
  },
  { allowPendingPasswordChange: true },
);
