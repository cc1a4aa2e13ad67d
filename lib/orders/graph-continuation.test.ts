import { describe, expect, it } from "vitest";
import type { Graph, GraphNode } from "@/lib/registry/schemas.shared";
import { confirmedExpansion, confirmedRefresh, type RefreshQuote } from "./graph-continuation";

const company = (nodeId: string, status: string, extra: Partial<GraphNode> = {}): GraphNode => ({
  nodeId,
  type: "company",
  company: { id: nodeId.toUpperCase(), countryCode: "DE", legalName: `${nodeId} GmbH` },
  flags: { status },
  ...extra,
});
const truncated = (nodeId: string, estimatedCost?: number) =>
  company(nodeId, "budget_truncated", {
    continuation: { reason: "budget", depth: 1, ...(estimatedCost !== undefined && { estimatedCost }) },
  });

const graph: Graph = {
  nodes: [
    company("root", "found", { flags: { isRoot: true, status: "found" } }),
    company("held", "found"),
    truncated("t1", 1.5),
    truncated("t2", 2),
    truncated("t-unpriced"),
  ],
  edges: [],
};

describe("an expansion checked against the confirmed cost", () => {
  it("continues from the chosen nodes, keeping the expanded ones, capped at the confirmed cost", () => {
    expect(confirmedExpansion(graph, ["t1", "t2"], 3.5)).toEqual({
      ok: true,
      data: {
        continueFrom: ["held", "t1", "t2"],
        cap: 3.5,
        details: { nodeIds: ["t1", "t2"], estimatedCost: 3.5, costUnknownNodes: 0 },
      },
    });
  });

  it("refuses another amount than the graph's estimate, saying both", () => {
    expect(confirmedExpansion(graph, ["t1"], 2)).toEqual({
      ok: false,
      code: "cost_changed",
      error: "The estimated cost is now 1.5 credits, not the 2 you confirmed. Confirm again.",
    });
  });

  it("takes an unstated cost as unknown: only a confirmation of no amount matches it, uncapped", () => {
    expect(confirmedExpansion(graph, ["t1", "t-unpriced"], 1.5)).toMatchObject({
      ok: false,
      code: "cost_changed",
      error: "The estimated cost is now not stated credits, not the 1.5 you confirmed. Confirm again.",
    });
    expect(confirmedExpansion(graph, ["t-unpriced"], null)).toMatchObject({
      ok: true,
      data: { cap: null, details: { estimatedCost: null, costUnknownNodes: 1 } },
    });
  });

  it("refuses nodes that are not budget-truncated nodes of the graph", () => {
    expect(confirmedExpansion(graph, ["t1", "held", "nope"], 1.5)).toEqual({
      ok: false,
      code: "invalid_input",
      error: "Not budget-truncated nodes of this graph: held, nope.",
    });
  });
});

describe("a refresh checked against the confirmed cost", () => {
  const quote = (cost: number | null): RefreshQuote => ({
    chosen: ["held"],
    through: ["root"],
    unknownIds: [],
    cost,
    unpriced: cost === null ? ["US-DE"] : [],
  });

  it("continues through the path to the chosen companies, capped at the confirmed known price", () => {
    expect(confirmedRefresh(quote(1.5), 1.5)).toEqual({
      ok: true,
      data: {
        continueFrom: ["root", "held"],
        cap: 1.5,
        details: { refresh: true, nodeIds: ["held"], throughNodeIds: ["root"], estimatedCost: 1.5, unpricedCountries: [] },
      },
    });
    expect(confirmedRefresh(quote(1.5), 3)).toMatchObject({ ok: false, code: "cost_changed" });
  });

  it("caps a refresh whose price is not known at what the user typed", () => {
    expect(confirmedRefresh(quote(null), 5)).toMatchObject({
      ok: true,
      data: { cap: 5, details: { estimatedCost: null, unpricedCountries: ["US-DE"] } },
    });
  });
});
