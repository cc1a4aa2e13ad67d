"use client";

import { useEffect, useRef, useState } from "react";
import type { Positions } from "@/lib/graph/elk-layout";
import type { LayoutInput } from "@/lib/graph/ownership-graph";
import type { LayoutAnswer, LayoutEngine, LayoutRequest } from "./layout.worker";

export type LayoutState = { status: "running" } | { status: "done"; positions: Positions; ms: number } | { status: "error"; message: string };

/** Lays the graph out in a web worker (elkjs, layered); the main thread only posts and receives messages. */
/**
 * `performance` marks `ownership-layout-start` / `ownership-layout-end` bracket each run (bench/graph-layout.ts
 * reads them); `?layout=elk` in the page's URL switches to elkjs for comparison.
 */
export function useWorkerLayout(input: Pick<LayoutInput, "nodes" | "edges">, roots: string[]): LayoutState {
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
    const started = performance.now();
    performance.mark("ownership-layout-start");
    setState({ status: "running" });
    const onMessage = (event: MessageEvent<LayoutAnswer>) => {
      if (event.data.id !== id) return;
      performance.mark("ownership-layout-end");
      if ("error" in event.data) setState({ status: "error", message: event.data.error });
      else setState({ status: "done", positions: event.data.positions, ms: performance.now() - started });
    };
    const onError = (event: ErrorEvent) => setState({ status: "error", message: event.message || "The layout worker failed." });
    w.addEventListener("message", onMessage);
    w.addEventListener("error", onError);
    const engine: LayoutEngine = new URLSearchParams(window.location.search).get("layout") === "elk" ? "elk" : "layered";
    w.postMessage({ id, input, roots, engine } satisfies LayoutRequest);
    return () => {
      w.removeEventListener("message", onMessage);
      w.removeEventListener("error", onError);
    };
  }, [input, roots]);

  return state;
}
