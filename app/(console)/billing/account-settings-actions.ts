"use server";

import { registryAction } from "@/lib/registry-seam/registry-action";
import { changeAccountSettings } from "@/lib/billing/account-settings";
import { accountBillingConfigPatchSchema } from "@/lib/registry/schemas.shared";

/** Changes the account's billing notification settings: only the fields given are sent, the others keep their values. */
export const saveAccountSettingsAction = registryAction(
  "manageBilling",
  accountBillingConfigPatchSchema,
  async (patch, { user, registry }) => ({
    ok: true,
    data: { changed: await changeAccountSettings(user, await registry(), patch) },
  }),
);
