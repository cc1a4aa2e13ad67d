"use client";

import "@xyflow/react/dist/style.css";
import {
  Background,
  Controls,
  MarkerType,
  ReactFlow,
  ReactFlowProvider,
  getNodesBounds,
  getViewportForBounds,
  useReactFlow,
  type Viewport,
} from "@xyflow/react";
import { useTheme } from "next-themes";
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { edgeLabel, findNodes, layoutGraph, nodeSize, nodeView, type NodeView } from "@/lib/graph/ownership-graph.shared";
import { ownershipSvg } from "@/lib/graph/ownership-svg.shared";
import type { Graph } from "@/lib/registry/schemas.shared";
import { OwnerNodeActionsContext, OwnerNodeComponent, ownerNodeHandles, type OwnerNode } from "./owner-node";
import { OwnershipMiniMap } from "./ownership-minimap";
import { OwnershipEdgeComponent, type OwnershipEdge } from "./ownership-edge";
import { pngFromSvg } from "./png-from-svg";
import { useGraphInFrames } from "./use-graph-in-frames";
import { useWorkerLayout } from "./use-worker-layout";

const nodeTypes = { owner: OwnerNodeComponent };
const edgeTypes = { ownership: OwnershipEdgeComponent };
const largeGraphNodes = 300;
const minZoom = 0.02;

type Props = { graph: Graph; canExpand: boolean; onExpand?: (nodeId: string) => void; onRefresh?: (nodeId: string) => void };

export function FlowView(props: Props) {
  return (
    <ReactFlowProvider>
      <FlowCanvas {...props} />
    </ReactFlowProvider>
  );
}

function FlowCanvas({ graph, canExpand, onExpand, onRefresh }: Props) {
  // Only ids and links go to the worker; deduplication, cycle detection and the layout all happen there.
  const request = useMemo(() => layoutGraph(graph), [graph]);
  const layout = useWorkerLayout(request);
  const [highlight, setHighlight] = useState<string | null>(null);
  const actions = useMemo(
    () => ({ canExpand, onExpand, onRefresh, highlightedId: highlight }),
    [canExpand, onExpand, onRefresh, highlight],
  );
  const views = useMemo(() => (layout.status === "done" ? graph.nodes.map(nodeView) : []), [graph, layout.status]);
  const container = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const element = container.current;
    if (element) setSize({ width: element.clientWidth, height: element.clientHeight });
  }, []);

  const nodes = useMemo<OwnerNode[]>(() => {
    if (layout.status !== "done") return [];
    const seen = new Set<string>();
    const out: OwnerNode[] = [];
    for (const view of views) {
      if (seen.has(view.id)) continue;
      seen.add(view.id);
      out.push({
        id: view.id,
        type: "owner",
        position: layout.positions[view.id] ?? { x: 0, y: 0 },
        // Size and handles stated up front: React Flow renders only the nodes in view and measures none
        // to start (without them it mounts and measures every node once, seconds for 2,000).
        width: nodeSize.width,
        height: nodeSize.height,
        measured: { ...nodeSize },
        handles: ownerNodeHandles,
        data: view,
        ariaLabel: `${view.name}${view.status ? `, ${view.status}` : ""}`,
      });
    }
    return out;
  }, [layout, views]);
  const edges = useMemo<OwnershipEdge[]>(() => {
    if (layout.status !== "done") return [];
    const byId = new Map(graph.edges.map((e) => [e.id, e]));
    const cycles = new Set(layout.cycleEdgeIds);
    return layout.edges.map((e) => {
      const label = edgeLabel(byId.get(e.id) ?? {});
      const cycle = cycles.has(e.id);
      return {
        id: e.id,
        source: e.source,
        target: e.target,
        label: cycle ? `${label ?? ""}${label ? " · " : ""}cycle` : label,
        type: "ownership",
        markerEnd: { type: MarkerType.ArrowClosed },
        data: { cycle },
      };
    });
  }, [graph, layout]);

  // The view it opens on, computed here rather than with React Flow's fitView (which waits for nodes to be
  // measured): the whole graph, or a large one on the examined company (drawing thousands of nodes at once
  // freezes the page); "Fit view" and the minimap show the whole of it.
  const view = useMemo(() => (size && nodes.length ? { viewport: openingViewport(nodes, size), ...size } : undefined), [nodes, size]);
  const drawn = useGraphInFrames(nodes, edges, view);
  const ready = layout.status === "done" && drawn.complete;
  // React Flow's controls, minimap and background follow the console's theme (next-themes' class on <html>).
  const { resolvedTheme } = useTheme();

  return (
    <div className="space-y-2">
      <div className="text-xs text-muted-foreground" role="status" data-testid="layout-status">
        {layout.status === "running" && `Laying out ${graph.nodes.length.toLocaleString("en")} nodes…`}
        {layout.status === "done" &&
          `${layout.nodeCount.toLocaleString("en")} nodes, ${layout.edges.length.toLocaleString("en")} links, laid out in ${Math.round(layout.ms)} ms.` +
            (layout.cycleEdgeIds.length > 0 ? ` ${layout.cycleEdgeIds.length} link(s) close a cycle (dashed).` : "") +
            (drawn.complete ? "" : " Drawing…")}
        {layout.status === "error" && <span className="text-destructive">The layout failed: {layout.message}</span>}
      </div>
      {/* Above the canvas, not over it: no node is ever under the toolbar. */}
      <Toolbar views={views} onHighlight={setHighlight} ready={ready} />
      <div ref={container} className="h-[70vh] min-h-[420px] rounded-md border" data-testid="ownership-flow">
        <OwnerNodeActionsContext value={actions}>
          <ReactFlow
            nodes={drawn.nodes}
            edges={drawn.edges}
            nodeTypes={nodeTypes}
            edgeTypes={edgeTypes}
            defaultViewport={view?.viewport}
            minZoom={minZoom}
            colorMode={resolvedTheme === "dark" ? "dark" : "light"}
            onlyRenderVisibleElements
            nodesConnectable={false}
            nodesDraggable={false}
            proOptions={{ hideAttribution: false }}
            key={layout.status === "done" ? `laid-${layout.nodeCount}-${layout.edges.length}` : "pending"}
          >
            <Background />
            <Controls />
            <OwnershipMiniMap nodes={nodes} />
          </ReactFlow>
        </OwnerNodeActionsContext>
      </div>
    </div>
  );
}

/** What fitView would show: every node, or (over `largeGraphNodes`) the roots at a readable zoom. */
function openingViewport(nodes: OwnerNode[], size: { width: number; height: number }): Viewport {
  if (nodes.length <= largeGraphNodes) return getViewportForBounds(getNodesBounds(nodes), size.width, size.height, minZoom, 2, 0.1);
  const roots = nodes.filter((n) => n.data.isRoot);
  return getViewportForBounds(getNodesBounds(roots.length ? roots : nodes), size.width, size.height, 0.9, 0.9, 0.1);
}

/** Saves `blob` as a download (through an object URL: a data URL of several megabytes is not reliably downloaded). */
function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function Toolbar({ views, onHighlight, ready }: { views: NodeView[]; onHighlight: (id: string | null) => void; ready: boolean }) {
  const flow = useReactFlow<OwnerNode, OwnershipEdge>();
  const [query, setQuery] = useState("");
  const [exportError, setExportError] = useState<string | null>(null);
  const matches = useMemo(() => findNodes(views, query).slice(0, 8), [views, query]);

  const goTo = (id: string) => {
    onHighlight(id);
    void flow.fitView({ nodes: [{ id }], duration: 300, maxZoom: 1.2 });
  };

  // Both drawn from the layout, not copied from the page: every node and link, whatever is in view, and nothing
  // of the canvas's controls (lib/graph/ownership-svg.shared.ts). The PNG is that drawing, rasterised.
  const graphSvg = () => {
    const links = flow
      .getEdges()
      .map((e) => ({ source: e.source, target: e.target, label: typeof e.label === "string" ? e.label : undefined, cycle: e.data?.cycle }));
    return ownershipSvg(flow.getNodes(), links);
  };
  const exportPng = async () => {
    setExportError(null);
    try {
      saveFile(await pngFromSvg(graphSvg()), "ownership-graph.png");
    } catch (error) {
      setExportError(error instanceof Error ? error.message : String(error));
    }
  };
  const exportSvg = () => {
    setExportError(null);
    saveFile(new Blob([graphSvg()], { type: "image/svg+xml" }), "ownership-graph.svg");
  };

  return (
    <div className="relative flex flex-col items-end gap-1" data-testid="graph-toolbar">
      <div className="flex flex-wrap justify-end gap-1">
        <Input
          aria-label="Find a node"
          placeholder="Find a node…"
          className="h-8 w-44"
          disabled={!ready}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && matches[0]) goTo(matches[0].id);
          }}
        />
        <Button size="sm" variant="outline" onClick={() => void flow.fitView({ duration: 300 })}>
          Fit view
        </Button>
        <Button size="sm" variant="outline" disabled={!ready} onClick={() => void exportPng()}>
          Export PNG
        </Button>
        <Button size="sm" variant="outline" disabled={!ready} onClick={exportSvg}>
          Export SVG
        </Button>
      </div>
      {query.trim() && (
        <ul
          className="absolute top-full right-0 z-10 mt-1 max-h-60 w-72 max-w-full overflow-auto rounded-md border bg-background text-sm shadow-sm"
          aria-label="Matching nodes"
        >
          {matches.length === 0 && <li className="px-2 py-1 text-muted-foreground">No node matches.</li>}
          {matches.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                className="w-full truncate px-2 py-1 text-left hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                onClick={() => goTo(m.id)}
              >
                {m.name} <span className="text-muted-foreground">{m.country ?? ""}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {exportError && (
        <p role="alert" className="rounded bg-background px-2 text-xs text-destructive">
          Export failed: {exportError}
        </p>
      )}
    </div>
  );
}
