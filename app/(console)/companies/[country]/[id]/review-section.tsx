import { MarkReviewedPanel } from "@/components/reviews/mark-reviewed-panel";
import { can } from "@/lib/auth/capabilities.shared";
import type { SessionUser } from "@/lib/auth/require-role";
import type { CompanyKey } from "@/lib/company-file/company-file-store";
import type { CompanyFileView } from "@/lib/company-file/company-file-view";
import { dataAge } from "@/lib/reviews/review-dates.shared";
import { readReviewPolicy } from "@/lib/risk/review-policy-store";
import { reviewStatus } from "@/lib/reviews/review-status";
import { markReviewedAction } from "./review-actions";

/**
 * The company file's review (its last one and the next due date), and "Mark reviewed" for those who may. The data's
 * age is that of the newest part the file holds (the newest source's as-of time, when the registry delivered it),
 * else the file's last write: a review is based on the freshest data the file has, and a refresh of any part
 * renews it.
 */
export async function ReviewSection({ companyKey, file, user }: { companyKey: CompanyKey; file: CompanyFileView; user: SessionUser }) {
  const [status, { policy }] = await Promise.all([reviewStatus(companyKey), readReviewPolicy()]);
  const asOfTimes = Object.values(file.sources).map((source) => Date.parse(source.asOf));
  const asOf = new Date(asOfTimes.length ? Math.max(...asOfTimes) : Date.parse(file.updatedAt));
  const age = dataAge(asOf, new Date(), policy.staleDays);
  const canReview = can(user.role, "reviewCompanies");
  return (
    <MarkReviewedPanel
      company={{ countryCode: companyKey.countryCode, companyId: companyKey.companyId }}
      rating={status.rating?.rating ?? null}
      policy={policy}
      lastReview={status.lastReview}
      nextReviewDue={status.nextReviewDue}
      dataAge={{ text: age.text, stale: age.stale }}
      reviewer={canReview ? user.email : undefined}
      review={canReview ? markReviewedAction : undefined}
    />
  );
}
