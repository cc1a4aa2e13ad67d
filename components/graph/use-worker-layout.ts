"use client";

import { useEffect, useRef, useState } from "react";
import type { LayoutGraph } from "@/lib/graph/ownership-graph.shared";
import type { LayoutAnswer, LayoutEngine, LayoutRequest, LayoutResult } from "./layout.worker";

export type LayoutState = { status: "running" } | ({ status: "done" } & LayoutResult) | { status: "error"; message: string };

/**
 * Lays the graph out in a web worker: the main thread only posts the ids and links and receives positions.
 * `performance` marks `ownership-layout-start` / `ownership-layout-end` bracket each run (bench/graph-layout.ts
 * reads them); `?layout=elk` in the page's URL switches to elkjs for comparison.
 */
export function useWorkerLayout(graph: LayoutGraph): LayoutState {
  const [state, setState] = useState<LayoutState>({ status: "running" });
  const worker = useRef<Worker | null>(null);
  const sequence = useRef(0);

  useEffect(() => {
    const w = new Worker(new URL("./layout.worker.ts", import.meta.url), { type: "module" });
    worker.current = w;
    return () => {
      w.terminate();
      worker.current = null;
    };
  }, []);

  useEffect(() => {
    const w = worker.current;
    if (!w) return;
    const id = ++sequence.current;
    let started = 0;
    setState({ status: "running" });
    const onMessage = (event: MessageEvent<LayoutAnswer>) => {
      if (event.data.id !== id) return;
      performance.mark("ownership-layout-end");
      const answer = event.data;
      if ("error" in answer) setState({ status: "error", message: answer.error });
      else
        setState({
          status: "done",
          positions: answer.positions,
          nodeCount: answer.nodeCount,
          edges: answer.edges,
          cycleEdgeIds: answer.cycleEdgeIds,
          ms: performance.now() - started,
        });
    };
    const onError = (event: ErrorEvent) => setState({ status: "error", message: event.message || "The layout worker failed." });
    w.addEventListener("message", onMessage);
    w.addEventListener("error", onError);
    const engine: LayoutEngine = new URLSearchParams(window.location.search).get("layout") === "elk" ? "elk" : "layered";
    // Posted in a task of its own, once the tab's mount (this effect's task) is over.
    const post = setTimeout(() => {
      started = performance.now();
      performance.mark("ownership-layout-start");
      w.postMessage({ id, graph, engine } satisfies LayoutRequest);
    }, 0);
    return () => {
      clearTimeout(post);
      w.removeEventListener("message", onMessage);
      w.removeEventListener("error", onError);
    };
  }, [graph]);

  return state;
}
