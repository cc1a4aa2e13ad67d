"use server";

import { roleAction } from "@/lib/auth/role-action";
import type { ActionResult } from "@/lib/forms/action-result";
import type { CompanyRiskState } from "@/lib/portfolio/company-risk";
import { pinRating, setCustomer, setOwner, unpinRating, type PortfolioChangeResult } from "@/lib/portfolio/portfolio-changes";
import { companyKeySchema, customerInputSchema, ownerInputSchema, pinInputSchema } from "@/lib/portfolio/portfolio-inputs.shared";

/** The panel's state after the change, which replaces its guess; or the refusal in words. */
const answer = (result: PortfolioChangeResult): ActionResult<CompanyRiskState> =>
  result.ok ? { ok: true, data: result.state } : { ok: false, code: "refused", error: result.error };

export const setCustomerAction = roleAction("reviewCompanies", customerInputSchema, async ({ customer, ...key }, user) =>
  answer(await setCustomer(user, key, customer)),
);

export const setOwnerAction = roleAction("reviewCompanies", ownerInputSchema, async ({ ownerId, ...key }, user) =>
  answer(await setOwner(user, key, ownerId)),
);

export const pinRatingAction = roleAction("manageRisk", pinInputSchema, async ({ rating, reason, ...key }, user) =>
  answer(await pinRating(user, key, { rating, reason })),
);

export const unpinRatingAction = roleAction("manageRisk", companyKeySchema, async (key, user) => answer(await unpinRating(user, key)));
