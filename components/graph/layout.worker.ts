/// <reference lib="webworker" />
// Runs the layered layout off the main thread: receives the graph's ids and links, answers with node
// positions and the links to draw (deduplicated, those closing a cycle named). The default engine is
// lib/graph/layered-layout.shared.ts (a few hundred ms for 2,000 nodes); elkjs' layered algorithm with the fast
// options is loaded only when asked for (bench/graph-layout.ts compares them).
import type { Positions } from "@/lib/graph/elk-layout.shared";
import { layeredLayout } from "@/lib/graph/layered-layout.shared";
import { layoutInput, rootIds, type LayoutGraph, type LayoutInput } from "@/lib/graph/ownership-graph.shared";

export type LayoutEngine = "layered" | "elk";
export type LayoutRequest = { id: number; graph: LayoutGraph; engine: LayoutEngine };
export type LayoutResult = { positions: Positions; nodeCount: number; edges: LayoutInput["edges"]; cycleEdgeIds: string[]; ms: number };
export type LayoutAnswer = ({ id: number } & LayoutResult) | { id: number; error: string };

async function elkLayout(input: LayoutInput): Promise<Positions> {
  const [{ default: ELK }, { positionsFrom, toElkGraph }] = await Promise.all([
    import("elkjs/lib/elk.bundled.js"),
    import("@/lib/graph/elk-layout.shared"),
  ]);
  return positionsFrom(await new ELK().layout(toElkGraph(input)));
}

self.onmessage = async (event: MessageEvent<LayoutRequest>) => {
  const { id, graph, engine } = event.data;
  const started = performance.now();
  try {
    const input = layoutInput(graph);
    const positions = engine === "elk" ? await elkLayout(input) : layeredLayout(input, rootIds(graph.nodes));
    self.postMessage({
      id,
      positions,
      nodeCount: input.nodes.length,
      edges: input.edges,
      cycleEdgeIds: input.cycleEdgeIds,
      ms: performance.now() - started,
    } satisfies LayoutAnswer);
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies LayoutAnswer);
  }
};
