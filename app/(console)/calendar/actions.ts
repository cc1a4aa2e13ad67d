"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { roleAction } from "@/lib/auth/role-action";
import { createCalendarFeed, revokeCalendarFeed } from "@/lib/calendar/calendar-feeds";

/** Creates the caller's feed (replacing any previous one) and returns its path, token included: shown once. */
export const createFeedAction = roleAction("readCalendar", z.object({}), async (_input, user) => {
  const { token } = await createCalendarFeed(user);
  revalidatePath("/calendar");
  return { ok: true, data: { path: `/api/calendar/feed/${token}` } };
});

export const revokeFeedAction = roleAction("readCalendar", z.object({ feedId: z.uuid() }), async ({ feedId }, user) => {
  if (!(await revokeCalendarFeed(user, feedId))) {
    return { ok: false, code: "not_found", error: "This feed is already revoked, or is not yours." };
  }
  revalidatePath("/calendar");
  return { ok: true, data: undefined };
});
