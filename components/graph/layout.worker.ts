/// <reference lib="webworker" />
// Runs the layered layout off the main thread: receives a LayoutInput, answers with node positions.
// The default engine is lib/graph/layered-layout.ts (milliseconds for 2,000 nodes); elkjs' layered
// algorithm with the fast options is loaded only when asked for (bench/graph-layout.ts compares them).
import type { Positions } from "@/lib/graph/elk-layout";
import { layeredLayout } from "@/lib/graph/layered-layout";
import type { LayoutInput } from "@/lib/graph/ownership-graph";

export type LayoutEngine = "layered" | "elk";
export type LayoutRequest = { id: number; input: Pick<LayoutInput, "nodes" | "edges">; roots: string[]; engine: LayoutEngine };
export type LayoutAnswer = { id: number; positions: Positions; ms: number } | { id: number; error: string };

async function elkLayout(input: LayoutRequest["input"]): Promise<Positions> {
  const [{ default: ELK }, { positionsFrom, toElkGraph }] = await Promise.all([import("elkjs/lib/elk.bundled.js"), import("@/lib/graph/elk-layout")]);
  return positionsFrom(await new ELK().layout(toElkGraph(input)));
}

self.onmessage = async (event: MessageEvent<LayoutRequest>) => {
  const { id, input, roots, engine } = event.data;
  const started = performance.now();
  try {
    const positions = engine === "elk" ? await elkLayout(input) : layeredLayout(input, roots);
    self.postMessage({ id, positions, ms: performance.now() - started } satisfies LayoutAnswer);
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies LayoutAnswer);
  }
};
