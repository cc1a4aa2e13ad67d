import { createHmac } from "node:crypto";
import { companyData } from "./company-data";
import { generateOwnershipGraph } from "./data/graph";
import type { RegistryCountry } from "../lib/registry/countries.shared";
import { datapointSections } from "../lib/registry/schemas.shared";
import type { SimulatorContext } from "./simulator-context";
import type { StoredRequest } from "./state";
import { defaultWorkspace, workspaceWithId } from "./workspaces";

/** Signed document URLs live 15 minutes; asking for the request again gives fresh ones. */
export const documentUrlLifetimeMs = 15 * 60_000;

export function documentSignature(ctx: SimulatorContext, requestId: string, documentId: string, expires: number): string {
  return createHmac("sha256", ctx.vaultKey).update(`${requestId}/${documentId}/${expires}`).digest("base64url");
}

const requestGraphs = new Map<string, unknown>();

/** The graph of one request: explored with its own budget, interactivity and continuation. */
export function requestGraph(request: StoredRequest): unknown {
  let graph = requestGraphs.get(request.requestId);
  if (!graph) {
    graph = generateOwnershipGraph(request.countryCode as RegistryCountry, request.companyId, request.graphOptions ?? {});
    if (requestGraphs.size > 200) requestGraphs.delete(requestGraphs.keys().next().value!);
    requestGraphs.set(request.requestId, graph);
  }
  return graph;
}

/**
 * `GET /v2/company/{requestId}` and every `company.updated`: the request record plus each section of
 * a datapoint that has succeeded (or is enriching, with its intermediate result).
 */
export function snapshotOf(ctx: SimulatorContext, request: StoredRequest): Record<string, unknown> {
  const data = companyData(ctx.store.state, request.countryCode, request.companyId);
  const sections: Record<string, unknown> = {};
  for (const [datapoint, status] of Object.entries(request.dataStatus.dataPoints)) {
    if (status.status !== "succeeded" && status.status !== "enriching") continue;
    for (const section of datapointSections[datapoint] ?? []) {
      const value =
        section === "graph" && request.graphOptions
          ? requestGraph(request)
          : status.status === "enriching"
            ? data.intermediate(section)
            : data.sections[section];
      if (value !== undefined) sections[section] = value;
    }
  }
  const expires = ctx.clock.now().getTime() + documentUrlLifetimeMs;
  const delivered = Object.entries(request.dataStatus.documents)
    .filter(([, s]) => s.status === "succeeded")
    .map(([id]) => {
      const document = data.availableDocuments.find((d) => d.id === id);
      const url = `${ctx.publicUrl}/v2/documents/${request.requestId}/${encodeURIComponent(id)}?expires=${expires}&signature=${documentSignature(ctx, request.requestId, id, expires)}`;
      return { ...document, id, downloadUrl: url, urlExpiresAt: new Date(expires).toISOString() };
    });
  const { state } = ctx.store;
  const workspace = workspaceWithId(state, request.workspaceId) ?? defaultWorkspace(state);
  return {
    request: {
      requestId: request.requestId,
      companyId: request.companyId,
      countryCode: request.countryCode,
      country: request.countryCode,
      version: request.version,
      dataPoints: request.dataPoints,
      documents: request.documents,
      dataStatus: request.dataStatus,
      metadata: request.metadata,
      companyLegalName: data.companyName,
      workspace: { id: workspace.id, name: workspace.name },
      ...(request.mode && { mode: request.mode }),
    },
    ...sections,
    ...(delivered.length > 0 && { documents: data.documentsSection(delivered) }),
  };
}
