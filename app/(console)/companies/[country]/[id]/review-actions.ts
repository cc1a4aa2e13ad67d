"use server";

import { roleAction } from "@/lib/auth/role-action";
import { activeConnectionForRequest } from "@/lib/connections/active-connection";
import { noConnectionConfigured } from "@/lib/connections/no-connection";
import { markReviewed } from "@/lib/reviews/mark-reviewed";
import { reviewInputSchema } from "@/lib/reviews/review-input.shared";

/** "Mark reviewed" on a company file: the file of the connection the user works through, as the page shows it. */
export const markReviewedAction = roleAction("reviewCompanies", reviewInputSchema, async (input, user) => {
  const connection = await activeConnectionForRequest();
  if (!connection) return { ok: false, code: "no_connection", error: noConnectionConfigured };
  const key = { connectionId: connection.id, countryCode: input.countryCode, companyId: input.companyId };
  const result = await markReviewed(user, key, input);
  if (!result.ok) return result;
  const { outcome, reviewedAt, nextReviewDue } = result.review;
  return { ok: true, data: { outcome, reviewedAt, nextReviewDue } };
});
