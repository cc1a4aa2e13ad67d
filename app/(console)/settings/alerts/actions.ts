"use server";

import { z } from "zod";
import { setSlas, slaCategories, type SlaCategory } from "@/lib/alerts/sla-settings";
import { roleAction } from "@/lib/auth/role-action";

const days = z.number("Enter a number of days.").int("Enter whole days.").min(1, "At least 1 day.").max(365, "At most 365 days.");

export const setSlasAction = roleAction(
  "configureAlerts",
  z.object(
    Object.fromEntries(slaCategories.map((category) => [category, days.optional()])) as Record<SlaCategory, z.ZodOptional<typeof days>>,
  ),
  async (input, user) => ({ ok: true, data: { changed: await setSlas(user, input) } }),
);
