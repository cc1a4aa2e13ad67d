import type { Metadata } from "next";
import { guardPage } from "@/lib/auth/guard-page";
import { defaultReviewPolicy } from "@/lib/risk/review-policy.shared";
import { readReviewPolicy } from "@/lib/risk/review-policy-store";
import { utcMinute } from "@/lib/vocabulary/units.shared";
import { saveReviewPolicyAction } from "./actions";
import { ReviewPolicyForm } from "./review-policy-form";

export const metadata: Metadata = { title: "Review policy" };

export default async function ReviewPolicyPage() {
  await guardPage("manageRisk");
  const { policy, updatedByEmail, updatedAt } = await readReviewPolicy();
  return (
    <div className="max-w-2xl space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">Review policy</h1>
        <p className="text-sm text-muted-foreground">
          How often each company in the portfolio is reviewed, by its risk rating, counted from its last review; a company never reviewed is
          due from the day it entered the portfolio. Saving moves every company&apos;s next due date to follow the policy at once, and is
          audited.
        </p>
        <p className="text-sm text-muted-foreground">
          {updatedAt ? `Last changed by ${updatedByEmail ?? "a deleted user"} on ${utcMinute(updatedAt)}.` : "The defaults are in force."}
        </p>
      </div>
      <ReviewPolicyForm policy={policy} defaults={defaultReviewPolicy} save={saveReviewPolicyAction} />
    </div>
  );
}
