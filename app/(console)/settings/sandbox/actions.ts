"use server";

import { audit } from "@/lib/audit/audit";
import { registryAction } from "@/lib/registry-seam/registry-action";
import type { ActionResult } from "@/lib/forms/action-result";
import type { RegistryContext } from "@/lib/registry-seam/registry-context";
import type { Registry } from "@/lib/connections/registry-for";
import {
  advanceInputSchema,
  chaosInputSchema,
  companyInputSchema,
  resetConfirmed,
  resetInputSchema,
  sandboxCompanyChange,
  walletInputSchema,
} from "@/lib/sandbox/sandbox-inputs.shared";
import { sandboxOnly } from "@/lib/sandbox/sandbox-only";
import { simControlFor, type SimControl } from "@/lib/sandbox/sim-control";

const notSimulator: ActionResult<never> = {
  ok: false,
  code: "not_simulator",
  error: "This registry is not the local simulator: it has no /_sim/ control API.",
};

/** The active connection, refused unless it is a sandbox one. */
async function sandboxRegistry(context: RegistryContext): Promise<{ registry: Registry } | { refusal: ActionResult<never> }> {
  const registry = await context.registry();
  return registry.connection.environment === "sandbox"
    ? { registry }
    : { refusal: { ok: false, code: "not_sandbox", error: sandboxOnly(registry.connection.name) } };
}

/** The simulator's control API behind the active sandbox connection, or why there is none. */
async function simulator(
  context: RegistryContext,
): Promise<{ registry: Registry; control: SimControl } | { refusal: ActionResult<never> }> {
  const opened = await sandboxRegistry(context);
  if ("refusal" in opened) return opened;
  const control = await simControlFor(opened.registry);
  return control ? { registry: opened.registry, control } : { refusal: notSimulator };
}

export const setWalletAction = registryAction("useSandboxTools", walletInputSchema, async ({ credits }, context) => {
  const opened = await simulator(context);
  if ("refusal" in opened) return opened.refusal;
  const from = (await opened.control.wallet()).balance;
  const wallet = await opened.control.setWallet(credits);
  await audit(context.user, "sandbox.wallet_set", opened.registry.connection.name, { fromCredits: from, toCredits: wallet.balance });
  return { ok: true, data: { balance: wallet.balance } };
});

export const resetSandboxAction = registryAction("useSandboxTools", resetInputSchema, async ({ confirmName }, context) => {
  const opened = await sandboxRegistry(context);
  if ("refusal" in opened) return opened.refusal;
  const { name } = opened.registry.connection;
  if (!resetConfirmed(confirmName, name)) {
    return {
      ok: false,
      code: "invalid_input",
      error: "Type the connection's name to confirm.",
      fieldErrors: { confirmName: [`Type ${name} exactly.`] },
    };
  }
  await opened.registry.client.resetSandbox();
  await audit(context.user, "sandbox.reset", name);
  return { ok: true, data: undefined };
});

export const saveSandboxCompanyAction = registryAction("useSandboxTools", companyInputSchema, async (input, context) => {
  const opened = await sandboxRegistry(context);
  if ("refusal" in opened) return opened.refusal;
  const { body, fields } = sandboxCompanyChange(input);
  const { client, connection } = opened.registry;
  const saved =
    input.mode === "create"
      ? await client.createSandboxCompany({ countryCode: input.countryCode, id: input.id, ...body })
      : await client.patchSandboxCompany(input.countryCode, input.id, body);
  // Which fields changed, not their values: the audit row says what was rehearsed, not the test data.
  await audit(context.user, "sandbox.company_saved", `${saved.countryCode}:${saved.id}`, {
    connection: connection.name,
    mode: input.mode,
    fields,
  });
  return { ok: true, data: { countryCode: saved.countryCode, id: saved.id } };
});

export const advanceClockAction = registryAction("useSandboxTools", advanceInputSchema, async ({ seconds }, context) => {
  const opened = await simulator(context);
  if ("refusal" in opened) return opened.refusal;
  const advanced = await opened.control.advance(seconds);
  await audit(context.user, "sandbox.clock_advanced", opened.registry.connection.name, { seconds, now: advanced.now });
  return { ok: true, data: advanced };
});

export const setChaosAction = registryAction("useSandboxTools", chaosInputSchema, async (chaos, context) => {
  const opened = await simulator(context);
  if ("refusal" in opened) return opened.refusal;
  await opened.control.setChaos(chaos);
  await audit(context.user, "sandbox.chaos_changed", opened.registry.connection.name, chaos);
  return { ok: true, data: chaos };
});
