import { CompanyRiskPanel } from "@/components/portfolio/company-risk-panel";
import { RatingHistory } from "@/components/portfolio/rating-history";
import { can } from "@/lib/auth/capabilities.shared";
import type { SessionUser } from "@/lib/auth/session-user";
import { companyRatingHistory, companyRiskState, ratingHistoryShown } from "@/lib/portfolio/company-risk";
import type { CompanyKeyInput } from "@/lib/portfolio/portfolio-inputs.shared";
import { portfolioOwners } from "@/lib/portfolio/portfolio-list";
import { pinRatingAction, setCustomerAction, setOwnerAction, unpinRatingAction } from "./portfolio-actions";

const actions = { setCustomer: setCustomerAction, setOwner: setOwnerAction, pin: pinRatingAction, unpin: unpinRatingAction };

/** The company's risk panel and rating history, for a user who may read the portfolio (nothing otherwise). */
export async function CompanyRiskSection({ companyKey, user }: { companyKey: CompanyKeyInput; user: SessionUser }) {
  if (!can(user.role, "readPortfolio")) return null;
  const [state, history, owners] = await Promise.all([companyRiskState(companyKey), companyRatingHistory(companyKey), portfolioOwners()]);
  return (
    <div className="min-w-0 space-y-4">
      <CompanyRiskPanel
        companyKey={companyKey}
        initial={state}
        owners={owners}
        viewer={{ id: user.id, email: user.email }}
        canReview={can(user.role, "reviewCompanies")}
        canPin={can(user.role, "manageRisk")}
        actions={actions}
      />
      <RatingHistory history={history} shownAtMost={ratingHistoryShown} />
    </div>
  );
}
