"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { roleAction } from "@/lib/auth/role-action";
import { retirePreviousWebhookSecret } from "@/lib/connections/manage-connections";

/** Stops accepting the signing secret a rotation replaced; audited by retirePreviousWebhookSecret. */
export const retirePreviousSecretAction = roleAction(
  "manageConnections",
  z.object({ id: z.uuid("Unknown connection.") }),
  async (input, user) => {
    const result = await retirePreviousWebhookSecret(user, input.id);
    if (result.ok) revalidatePath("/settings/webhooks");
    return result;
  },
);
