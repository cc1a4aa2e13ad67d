"use server";

import { registryAction } from "@/lib/auth/registry-action";
import { storeCredentialsSchema } from "@/lib/vault/payload-schema";
import { storeCredentials } from "@/lib/vault/store-credentials";

/** Stores credentials a workspace does not hold yet. Returns the new version only: the payload is dropped. */
export const storeCredentialsAction = registryAction("manageVault", storeCredentialsSchema, async (input, { user, registry }) =>
  storeCredentials(user, await registry(), input),
);
