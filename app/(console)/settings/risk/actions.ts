"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { roleAction } from "@/lib/auth/role-action";
import { submittedOutcome } from "@/lib/dual-control/submitted-outcome";
import { previewModel } from "@/lib/risk/model-preview";
import { modelPublicationSchema } from "@/lib/risk/model-publication.shared";
import { requestModelPublish } from "@/lib/risk/publish-model";
import { riskModelSchema } from "@/lib/risk/risk-model.shared";

/**
 * How many companies a draft model would move from one rating to another: the draft evaluated over the inputs
 * stored with each company's current rating. Changes nothing.
 */
export const previewRiskModelAction = roleAction("manageRisk", z.object({ model: riskModelSchema }), async ({ model }) => ({
  ok: true,
  data: await previewModel(model),
}));

/**
 * Asks to publish the draft as the next version of the risk model: it waits for a second admin (dual control), or is
 * published at once where dual control does not apply. Refused, changing nothing, when the draft is invalid, was
 * edited from a version no longer in force, or another publication is already waiting.
 */
export const publishRiskModelAction = roleAction("manageRisk", modelPublicationSchema, async (publication, user) => {
  const submitted = await requestModelPublish(user, publication);
  if (!submitted.ok) return submitted;
  revalidatePath("/settings/risk");
  return { ok: true, data: submittedOutcome(submitted.data) };
});
