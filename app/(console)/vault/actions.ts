"use server";

import { revalidatePath } from "next/cache";
import { registryAction } from "@/lib/registry-seam/registry-action";
import type { ActionResult } from "@/lib/forms/action-result";
import { approveReplacementSchema, requestReplacementSchema, storeCredentialsSchema } from "@/lib/vault/payload-schema";
import { approveReplacement, requestReplacement } from "@/lib/vault/replace-credentials";
import { storeCredentials } from "@/lib/vault/store-credentials";

/**
 * After a store, a request or an approval, the page's data is read again and sent with the answer: the entries table,
 * the coverage and the waiting banner show the change at once. The form's outcome is kept above the forms
 * (components/vault/source-outcome.tsx), so it stays on screen when the source's form changes with the new data.
 */
function refreshed<T>(result: ActionResult<T>): ActionResult<T> {
  if (result.ok) revalidatePath("/vault");
  return result;
}

/** Stores credentials a workspace does not hold yet. Returns the new version only: the payload is dropped. */
export const storeCredentialsAction = registryAction("manageVault", storeCredentialsSchema, async (input, { user, registry }) =>
  refreshed(await storeCredentials(user, await registry(), input)),
);

/**
 * Asks to replace held credentials, with a reason: pending for a second admin where dual control applies (no payload
 * is kept), otherwise replaced now with the payload sent along.
 */
export const requestReplacementAction = registryAction("manageVault", requestReplacementSchema, async (input, { user, registry }) =>
  refreshed(await requestReplacement(user, await registry(), input)),
);

/** A second admin approves a pending replacement by entering the new credentials; the PUT runs now. */
export const approveReplacementAction = registryAction("decideChanges", approveReplacementSchema, async (input, { user, registry }) =>
  refreshed(await approveReplacement(user, await registry(), input)),
);
