import { dataDirSecret } from "./app-process";

/** Calls the simulator the launcher started (its API and its /_sim/ control API) with its sandbox key. */
export async function sim(method: string, path: string, body?: unknown) {
  const response = await fetch(process.env.E2E_SIM_URL! + path, {
    method,
    headers: { "x-api-key": dataDirSecret("simulator-api-key"), ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

type Costs = Record<string, { cost?: number }>;

/** What the registry reports it charged for a request: the sum of its datapoints' and documents' `cost`. */
export async function chargedFor(requestId: string): Promise<number> {
  const { json } = await sim("GET", `/v2/company/${encodeURIComponent(requestId)}`);
  const status = json.request.dataStatus as { dataPoints?: Costs; documents?: Costs };
  return [...Object.values(status.dataPoints ?? {}), ...Object.values(status.documents ?? {})].reduce((sum, e) => sum + (e.cost ?? 0), 0);
}
