import { createHash } from "node:crypto";
import { charge, refund } from "./billing";
import { blockOf, modePrice } from "./pricing";
import type { RegistryCountry } from "../lib/registry/countries.shared";
import type { CompanyData } from "./company-data";
import type { SimulatorContext } from "./simulator-context";
import type { DatapointState, StoredRequest } from "./state";
import { deliverySpecialIds, specialError } from "./special-errors";

/** Datapoints that pass through `enriching` (an intermediate result, then the AI-enriched one). */
const enrichedDatapoints = new Set(["company", "companyProfile", "legalRepresentatives"]);

/** A stable delay for one datapoint of one company: the same order on every run. */
function delayMs(seed: string, min: number, max: number): number {
  const n = createHash("sha256").update(seed).digest().readUInt32BE(0);
  return min + (n % (max - min));
}

const blockKey = (country: string, id: string, sku: string) => `${country}:${id}:${sku}`;
const dayMs = 24 * 3600_000;

/**
 * The credits a request costs now: profile blocks not bought for this company in the last 24 hours,
 * what the graph exploration spends (companies already fetched cost 0), and the documents.
 */
export function quote(
  ctx: SimulatorContext,
  country: RegistryCountry,
  id: string,
  dataPoints: string[],
  documentPrices: number[],
  graphCost = 0,
  mode?: string,
) {
  const now = ctx.clock.now().getTime();
  const skus = [
    ...new Set(dataPoints.map((d) => blockOf(d)?.sku).filter((s): s is NonNullable<typeof s> => s !== undefined && s !== "graph")),
  ];
  const billable = skus.filter((sku) => {
    const last = ctx.store.state.billedBlocks[blockKey(country, id, sku)];
    return !last || now - Date.parse(last) >= dayMs;
  });
  const round = (n: number) => Math.round(n * 100) / 100;
  const profile = round(billable.reduce((sum, sku) => sum + modePrice(country, sku, mode), 0));
  const graph = dataPoints.includes("graph") ? graphCost : 0;
  return { total: round(profile + graph + documentPrices.reduce((a, b) => a + b, 0)), profile, graph, billable };
}

/** Starts a request: charges it, and schedules each datapoint's and document's path to its final state. */
export function startRequest(
  ctx: SimulatorContext,
  input: {
    requestId: string;
    country: RegistryCountry;
    id: string;
    dataPoints: string[];
    documents: string[];
    metadata: Record<string, string>;
    mode?: string;
    graphOptions?: StoredRequest["graphOptions"];
  },
  data: CompanyData,
  billing: { total: number; billable: string[]; graph: number; workspaceId: string },
): StoredRequest {
  const now = ctx.clock.now();
  const special = specialError(input.id);
  const delivery = deliverySpecialIds[input.id.trim().toUpperCase()]?.delayMs;
  const delay = (seed: string, min: number, max: number) => (delivery ? delayMs(seed, ...delivery) : delayMs(seed, min, max));
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const request: StoredRequest = {
    requestId: input.requestId,
    companyId: input.id,
    countryCode: input.country,
    dataPoints: input.dataPoints,
    documents: input.documents,
    metadata: input.metadata,
    mode: input.mode,
    workspaceId: billing.workspaceId,
    graphOptions: input.graphOptions,
    version: 1,
    createdAt: now.toISOString(),
    dataStatus: { dataPoints: {}, documents: {} },
    charged: billing.total,
    schedule: [],
  };
  for (const datapoint of input.dataPoints) {
    request.dataStatus.dataPoints[datapoint] = { status: "in_progress" };
    const done = delay(`${input.country}:${input.id}:${datapoint}`, 300, 3000);
    if (enrichedDatapoints.has(datapoint))
      request.schedule.push({ at: at(done / 2), kind: "dataPoints", key: datapoint, status: "enriching" });
    const fails = special?.where === "datapoint" || data.notApplicable.includes(datapoint);
    request.schedule.push({ at: at(done), kind: "dataPoints", key: datapoint, status: fails ? "failed" : "succeeded" });
  }
  for (const document of input.documents) {
    request.dataStatus.documents[document] = { status: "in_progress" };
    const noExtract = special?.where === "document" || data.noDocument.includes(document);
    request.schedule.push({
      at: at(delay(`${input.country}:${input.id}:doc:${document}`, 800, 4000)),
      kind: "documents",
      key: document,
      status: noExtract ? "failed" : "succeeded",
    });
  }
  assignCosts(request, input.country, billing, data);
  request.schedule.sort((a, b) => a.at.localeCompare(b.at));
  for (const sku of billing.billable) ctx.store.state.billedBlocks[blockKey(input.country, input.id, sku)] = now.toISOString();
  charge(ctx, billing.total, billing.workspaceId, request.requestId);
  ctx.store.state.requests[request.requestId] = request;
  return request;
}

/** What each datapoint and document costs, as the vendor reports it in `dataStatus[…].cost`. */
function assignCosts(request: StoredRequest, country: RegistryCountry, billing: { billable: string[]; graph: number }, data: CompanyData) {
  const charged = new Set<string>();
  for (const datapoint of request.dataPoints) {
    const sku = blockOf(datapoint)?.sku;
    const entry = request.dataStatus.dataPoints[datapoint]!;
    if (sku === "graph") entry.cost = billing.graph;
    else if (sku && billing.billable.includes(sku) && !charged.has(sku)) {
      charged.add(sku);
      entry.cost = modePrice(country, sku, request.mode);
    } else entry.cost = 0;
  }
  for (const document of request.documents) request.dataStatus.documents[document]!.cost = data.documentPrice(document);
}

function failure(request: StoredRequest, kind: "dataPoints" | "documents", key: string, data: CompanyData): DatapointState {
  const special = specialError(request.companyId);
  if (special && (special.where === "datapoint" || special.where === "document")) {
    return { status: "failed", error: { code: special.code, message: special.message, retryable: special.retryable } };
  }
  if (kind === "documents")
    return {
      status: "failed",
      error: { code: "no_document_available", message: "No register extract exists for this company (not billed).", retryable: false },
    };
  return { status: "failed", error: { code: "datapoint_not_applicable", message: data.notApplicableReason(key), retryable: false } };
}

/** Refunds what the spec says is not billed once a failure is known. */
function refundFor(
  ctx: SimulatorContext,
  request: StoredRequest,
  kind: "dataPoints" | "documents",
  key: string,
  state: DatapointState,
  data: CompanyData,
) {
  const country = request.countryCode as RegistryCountry;
  if (state.error?.code === "no_document_available" && kind === "documents") {
    const price = data.documentPrice(key);
    refund(ctx, price, request.workspaceId, request.requestId);
    request.charged -= price;
    state.cost = 0;
  }
  if (state.error?.code === "datapoint_not_applicable" && kind === "dataPoints") {
    const block = blockOf(key);
    const others = request.dataPoints.filter((d) => d !== key && blockOf(d)?.sku === block?.sku);
    if (block && others.length === 0 && request.charged > 0) {
      const price = modePrice(country, block.sku, request.mode);
      refund(ctx, price, request.workspaceId, request.requestId);
      request.charged -= price;
      state.cost = 0;
      delete ctx.store.state.billedBlocks[blockKey(country, request.companyId, block.sku)];
    }
  }
}

type Change = StoredRequest["schedule"][number];

function applyChange(ctx: SimulatorContext, request: StoredRequest, change: Change, data: CompanyData): void {
  const next: DatapointState = change.status === "failed" ? failure(request, change.kind, change.key, data) : { status: change.status };
  next.cost = request.dataStatus[change.kind][change.key]?.cost;
  if (change.status === "succeeded" && request.mode === "verification") next.authoritative = true;
  request.dataStatus[change.kind][change.key] = next;
  if (change.status === "failed") refundFor(ctx, request, change.kind, change.key, next, data);
  request.version += 1;
}

/**
 * Applies every scheduled change that is due; each change bumps the request's version and sends a
 * `company.updated` with the full snapshot (the last one is the terminal delivery).
 */
export function applyDueChanges(
  ctx: SimulatorContext,
  dataFor: (request: StoredRequest) => CompanyData,
  snapshot: (request: StoredRequest) => Record<string, unknown>,
): number {
  const now = ctx.clock.now().toISOString();
  let applied = 0;
  for (const request of Object.values(ctx.store.state.requests)) {
    while (request.schedule[0] && request.schedule[0].at <= now) {
      applyChange(ctx, request, request.schedule.shift()!, dataFor(request));
      ctx.sendWebhook("company.updated", { type: "company.updated", ...snapshot(request) });
      applied++;
    }
  }
  if (applied) ctx.store.changed();
  return applied;
}

/** Fast mode (onboarding): every datapoint reaches its final state at once. */
export function completeNow(ctx: SimulatorContext, request: StoredRequest, data: CompanyData): void {
  for (const change of request.schedule.filter((s) => s.status !== "enriching")) applyChange(ctx, request, change, data);
  request.schedule = [];
}
