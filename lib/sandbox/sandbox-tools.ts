import "server-only";
import { audit } from "@/lib/audit/audit";
import type { ActionResult } from "@/lib/forms/action-result";
import type { RegistryContext } from "@/lib/registry-seam/registry-context";
import type { Registry } from "@/lib/connections/registry-for";
import type { z } from "zod";
import {
  resetConfirmed,
  sandboxCompanyChange,
  type advanceInputSchema,
  type chaosInputSchema,
  type companyInputSchema,
} from "./sandbox-inputs.shared";
import { simControlFor, type SimControl } from "./sim-control";

/** The one wording for a production connection on the sandbox tools. */
export const sandboxOnly = (connectionName: string) =>
  `The sandbox tools are for sandbox connections only: ${connectionName} is a production connection, so nothing here can change it.`;

/**
 * The sandbox tools: each opens the caller's active connection, refuses unless it is a sandbox one (and, for the
 * /_sim/ controls, unless it is the local simulator), makes its change and writes its audit row.
 */

type Refusal = { refusal: ActionResult<never> };

const notSimulator: ActionResult<never> = {
  ok: false,
  code: "not_simulator",
  error: "This registry is not the local simulator: it has no /_sim/ control API.",
};

/** The active connection, refused unless it is a sandbox one. */
async function sandboxRegistry(context: RegistryContext): Promise<{ registry: Registry } | Refusal> {
  const registry = await context.registry();
  return registry.connection.environment === "sandbox"
    ? { registry }
    : { refusal: { ok: false, code: "not_sandbox", error: sandboxOnly(registry.connection.name) } };
}

/** The simulator's control API behind the active sandbox connection, or why there is none. */
async function simulator(context: RegistryContext): Promise<{ registry: Registry; control: SimControl } | Refusal> {
  const opened = await sandboxRegistry(context);
  if ("refusal" in opened) return opened;
  const control = await simControlFor(opened.registry);
  return control ? { registry: opened.registry, control } : { refusal: notSimulator };
}

/** Sets the simulator's wallet balance; the audit row keeps the balance before and after. */
export async function setSandboxWallet(context: RegistryContext, credits: number): Promise<ActionResult<{ balance: number }>> {
  const opened = await simulator(context);
  if ("refusal" in opened) return opened.refusal;
  const from = (await opened.control.wallet()).balance;
  const wallet = await opened.control.setWallet(credits);
  await audit(context.user, "sandbox.wallet_set", opened.registry.connection.name, { fromCredits: from, toCredits: wallet.balance });
  return { ok: true, data: { balance: wallet.balance } };
}

/** Resets the sandbox, only when `confirmName` is the connection's name as typed by the user. */
export async function resetSandbox(context: RegistryContext, confirmName: string): Promise<ActionResult> {
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
}

/** Creates or updates a sandbox company. */
export async function saveSandboxCompany(
  context: RegistryContext,
  input: z.infer<typeof companyInputSchema>,
): Promise<ActionResult<{ countryCode: string; id: string }>> {
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
}

/** Moves the simulator's clock forward. */
export async function advanceSandboxClock(
  context: RegistryContext,
  { seconds }: z.infer<typeof advanceInputSchema>,
): Promise<ActionResult<{ now: string; offsetSeconds: number }>> {
  const opened = await simulator(context);
  if ("refusal" in opened) return opened.refusal;
  const advanced = await opened.control.advance(seconds);
  await audit(context.user, "sandbox.clock_advanced", opened.registry.connection.name, { seconds, now: advanced.now });
  return { ok: true, data: advanced };
}

/** Sets the simulator's webhook chaos (duplicates and reordering). */
export async function setSandboxChaos(
  context: RegistryContext,
  chaos: z.infer<typeof chaosInputSchema>,
): Promise<ActionResult<z.infer<typeof chaosInputSchema>>> {
  const opened = await simulator(context);
  if ("refusal" in opened) return opened.refusal;
  await opened.control.setChaos(chaos);
  await audit(context.user, "sandbox.chaos_changed", opened.registry.connection.name, chaos);
  return { ok: true, data: chaos };
}
