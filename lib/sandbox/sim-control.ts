import "server-only";
import { connectionTarget } from "@/lib/connections/manage-connections";
import type { Registry } from "@/lib/connections/registry-for";
import { isRedirect, redirectRefusal } from "@/lib/registry/redirect-refusal";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import { z } from "zod";

/** A bounded wait: a control call that hangs must not hold the page or the action. */
const timeoutMs = 10_000;
/** The delivery log is shown most recent first, capped: the simulator keeps every attempt. */
export const deliveryLogCap = 50;

export type SimWallet = { balance: number };
/** One delivery attempt as the simulator logs it (simulator/webhooks/delivery-queue.ts). */
const deliverySchema = z.object({
  at: z.string(),
  messageId: z.string(),
  type: z.string(),
  attempt: z.number(),
  ok: z.boolean(),
  status: z.number().optional(),
  error: z.string().optional(),
  duplicate: z.literal(true).optional(),
});
export type SimDelivery = z.infer<typeof deliverySchema>;

/**
 * The local simulator's /_sim/ control API, through a connection's own base URL and key (decrypted here, on the
 * server; the key never reaches the browser). Any other registry has no /_sim/: `simControlFor` answers undefined.
 */
export type SimControl = {
  wallet: () => Promise<SimWallet>;
  setWallet: (credits: number) => Promise<SimWallet>;
  advance: (seconds: number) => Promise<{ now: string; offsetSeconds: number }>;
  setChaos: (chaos: { duplicateRate: number; reorderWindowMs: number }) => Promise<unknown>;
  deliveries: () => Promise<SimDelivery[]>;
};

type Target = { baseUrl: string; apiKey: string };

const controlApi = "The simulator's control API";

/** One /_sim/ call. A redirect is never followed (it would carry x-api-key to wherever it points): it is refused. */
async function call(target: Target, method: string, path: string, body?: unknown): Promise<Response> {
  const url = `${target.baseUrl.replace(/\/+$/, "")}/_sim${path}`;
  const response = await fetch(url, {
    method,
    headers: { "x-api-key": target.apiKey, ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
    cache: "no-store",
    redirect: "manual",
  });
  if (isRedirect(response.status)) {
    await response.body?.cancel();
    throw redirectRefusal(response, url, controlApi);
  }
  return response;
}

/** The simulator's answer as JSON, or its refusal as a RegistryError in its own words (never the request body). */
async function json<T>(target: Target, method: string, path: string, body?: unknown): Promise<T> {
  const response = await call(target, method, path, body).catch((error: unknown) => {
    if (error instanceof RegistryError) throw error;
    throw new RegistryError({
      status: 0,
      code: "simulator_unreachable",
      message: `${controlApi} did not answer (${error instanceof Error ? error.name : "error"}).`,
      details: [],
      retryable: true,
    });
  });
  const answer = (await response.json().catch(() => undefined)) as
    { error?: { code?: string; message?: string; details?: unknown } } | undefined;
  if (!response.ok) {
    throw new RegistryError({
      status: response.status,
      code: answer?.error?.code ?? "simulator_error",
      message: answer?.error?.message ?? `The simulator answered ${response.status}.`,
      details: Array.isArray(answer?.error?.details) ? answer.error.details.map(String) : [],
      retryable: response.status >= 500,
    });
  }
  return answer as T;
}

/**
 * True when `GET /_sim/wallet` answers 200 with a numeric balance: the local simulator. A registry that answers
 * otherwise, a redirect included (not followed), is not the simulator.
 */
async function isSimulator(target: Target): Promise<boolean> {
  try {
    const response = await call(target, "GET", "/wallet");
    if (!response.ok || !response.headers.get("content-type")?.includes("application/json")) return false;
    const body = (await response.json()) as { balance?: unknown };
    return typeof body.balance === "number";
  } catch {
    return false;
  }
}

/** The control API of the registry behind `registry`, when it is the local simulator; otherwise undefined. */
export async function simControlFor(registry: Registry): Promise<SimControl | undefined> {
  const target = await connectionTarget(registry.connection.id);
  if (!target || !(await isSimulator(target))) return undefined;
  return {
    wallet: () => json(target, "GET", "/wallet"),
    setWallet: (credits) => json(target, "PUT", "/wallet", { balance: credits }),
    advance: (seconds) => json(target, "POST", "/advance", { seconds }),
    setChaos: (chaos) => json(target, "PUT", "/chaos", chaos),
    deliveries: async () => {
      const all = z.array(deliverySchema).safeParse(await json<unknown>(target, "GET", "/deliveries"));
      return all.success ? all.data.slice(-deliveryLogCap).reverse() : [];
    },
  };
}
