"use server";

import { registryAction } from "@/lib/registry-seam/registry-action";
import {
  advanceInputSchema,
  chaosInputSchema,
  companyInputSchema,
  resetInputSchema,
  walletInputSchema,
} from "@/lib/sandbox/sandbox-inputs.shared";
import { advanceSandboxClock, resetSandbox, saveSandboxCompany, setSandboxChaos, setSandboxWallet } from "@/lib/sandbox/sandbox-tools";

export const setWalletAction = registryAction("useSandboxTools", walletInputSchema, ({ credits }, context) =>
  setSandboxWallet(context, credits),
);

export const resetSandboxAction = registryAction("useSandboxTools", resetInputSchema, ({ confirmName }, context) =>
  resetSandbox(context, confirmName),
);

export const saveSandboxCompanyAction = registryAction("useSandboxTools", companyInputSchema, (input, context) =>
  saveSandboxCompany(context, input),
);

export const advanceClockAction = registryAction("useSandboxTools", advanceInputSchema, (input, context) =>
  advanceSandboxClock(context, input),
);

export const setChaosAction = registryAction("useSandboxTools", chaosInputSchema, (chaos, context) => setSandboxChaos(context, chaos));
