/// <reference lib="webworker" />
// Runs the layered layout off the main thread: receives a LayoutInput, answers with node positions.
import ELK from "elkjs/lib/elk.bundled.js";
import { positionsFrom, toElkGraph, type Positions } from "@/lib/graph/elk-layout";
import type { LayoutInput } from "@/lib/graph/ownership-graph";

export type LayoutRequest = { id: number; input: Pick<LayoutInput, "nodes" | "edges"> };
export type LayoutAnswer = { id: number; positions: Positions; ms: number } | { id: number; error: string };

const elk = new ELK();

self.onmessage = async (event: MessageEvent<LayoutRequest>) => {
  const { id, input } = event.data;
  const started = performance.now();
  try {
    const result = await elk.layout(toElkGraph(input));
    const answer: LayoutAnswer = { id, positions: positionsFrom(result), ms: performance.now() - started };
    self.postMessage(answer);
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies LayoutAnswer);
  }
};
