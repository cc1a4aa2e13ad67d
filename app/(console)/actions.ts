"use server";

import { z } from "zod";
import { roleAction } from "@/lib/auth/role-action";
import { chooseActiveConnection } from "@/lib/connections/active-connection";

/** Chooses the registry connection this browser session works with (every role may switch). */
export const switchConnectionAction = roleAction("useConsole", z.object({ id: z.uuid("Unknown connection.") }), async ({ id }) =>
  chooseActiveConnection(id),
);
