import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyResponseSchema, type Graph } from "../lib/registry/schemas.shared";
import { startTestSimulator } from "./test-harness";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
beforeAll(async () => {
  sim = await startTestSimulator({ walletCredits: 10_000 });
});
afterAll(() => sim.close());

const wallet = async () => (await sim.call("GET", "/_sim/wallet")).json.balance as number;

async function graphOf(body: Record<string, unknown>): Promise<{ requestId: string; graph: Graph; charged: number }> {
  const before = await wallet();
  const answer = await sim.call("POST", "/v2/company", { dataPoints: ["graph"], ...body });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const requestId = companyResponseSchema.parse(answer.json).request.requestId;
  const charged = Math.round((before - (await wallet())) * 100) / 100;
  await sim.call("POST", "/_sim/advance", { seconds: 10 });
  const done = companyResponseSchema.parse((await sim.call("GET", `/v2/company/${requestId}`)).json);
  return { requestId, graph: done.graph!, charged };
}

const truncated = (graph: Graph) => (graph.nodes ?? []).filter((n) => n.flags?.status === "budget_truncated");

describe("ownership graphs in requests", () => {
  it("interactive mode fetches one level, marks the rest budget_truncated with an estimated cost, and charges what it spent", async () => {
    const { graph, charged } = await graphOf({ id: "OWNERSHIP_DEEP", countryCode: "DE", graphInteractive: true });
    expect(graph.metadata).toMatchObject({ interactive: true });
    const chips = truncated(graph);
    expect(chips.length).toBeGreaterThan(0);
    for (const chip of chips)
      expect(chip.continuation).toMatchObject({
        estimatedCost: expect.any(Number),
        depth: expect.any(Number),
        accumulatedOwnership: expect.any(Number),
      });
    expect(charged).toBe(graph.metadata?.amountSpent);
  });

  it("continues from chosen nodes; companies already fetched cost nothing again", async () => {
    const first = await graphOf({ id: "OWNERSHIP_DEEP", countryCode: "GB", graphInteractive: true });
    const chip = truncated(first.graph)[0]!;
    const next = await graphOf({ requestId: first.requestId, graphContinueFromNodeIds: [chip.nodeId], graphInteractive: true });
    const expanded = next.graph.nodes!.find((n) => n.nodeId === chip.nodeId)!;
    expect(expanded.flags?.status).toBe("found");
    expect(next.graph.nodes!.length).toBeGreaterThan(first.graph.nodes!.length);
    expect(next.charged).toBe(chip.continuation!.estimatedCost); // the root was paid by the first request
    // Asking for the same continuation again finds everything already paid.
    const again = await graphOf({ requestId: first.requestId, graphContinueFromNodeIds: [chip.nodeId], graphInteractive: true });
    expect(again.charged).toBe(0);
  });

  it("stops for graphMaxBudget with continuation chips, and refuses caps below the quote", async () => {
    const { graph, charged } = await graphOf({ id: "OWNERSHIP_DEEP", countryCode: "NL", graphMaxBudget: 2 });
    expect(graph.metadata?.stoppedReason).toBe("budget_exhausted");
    expect(charged).toBeLessThanOrEqual(2);
    expect(truncated(graph).length).toBeGreaterThan(0);
    const refused = await sim.call("POST", "/v2/company", {
      id: "OWNERSHIP_DEEP",
      countryCode: "BE",
      dataPoints: ["company", "graph"],
      profileMaxBudget: 0.1,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ code: "budget_exceeded" });
    expect(refused.json.error.message).toMatch(/above profileMaxBudget \(0\.1\)/);
  });

  it("draws a mermaid diagram with exactly the graph's nodes and edges", async () => {
    const { graph } = await graphOf({ id: "OWNERSHIP_DIAMOND", countryCode: "FR" });
    const diagram = graph.mermaidDiagram ?? "";
    expect(diagram.split("\n").filter((l) => l.includes("-->")).length).toBe(graph.edges!.length);
  });
});
