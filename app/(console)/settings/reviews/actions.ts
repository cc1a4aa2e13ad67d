"use server";

import { roleAction } from "@/lib/auth/role-action";
import { reviewPolicySchema } from "@/lib/risk/review-policy.shared";
import { saveReviewPolicy } from "@/lib/risk/review-policy-store";

/** Saves the review policy (audited; every portfolio row's next due date follows it at once). */
export const saveReviewPolicyAction = roleAction("manageRisk", reviewPolicySchema, async (policy, user) => ({
  ok: true,
  data: await saveReviewPolicy(user, policy),
}));
