"use client";

import { Panel, getNodesBounds, useReactFlow, useStore, type ReactFlowState, type Rect } from "@xyflow/react";
import { useEffect, useMemo, useRef } from "react";
import { nodeSize } from "@/lib/graph/ownership-graph.shared";
import type { OwnerNode } from "./owner-node";

const size = { width: 200, height: 150 };
const nodeFill = "var(--xy-minimap-node-background-color, var(--xy-minimap-node-background-color-default))";

const viewOf = (s: ReactFlowState): Rect => ({
  x: -s.transform[0] / s.transform[2],
  y: -s.transform[1] / s.transform[2],
  width: s.width / s.transform[2],
  height: s.height / s.transform[2],
});
const sameView = (a: Rect, b: Rect) => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

/**
 * The ownership graph's minimap, drawn as React Flow's <MiniMap> draws it (the nodes, the view unmasked and
 * outlined) but with every node a rectangle of one SVG path, built once per graph. React Flow's minimap renders a
 * component with its own store subscription per node: for 2,000 nodes that was most of what still blocked
 * the main thread on the first draw. Click or drag in it to move the view there; the wheel zooms.
 */
export function OwnershipMiniMap({ nodes }: { nodes: OwnerNode[] }) {
  const flow = useReactFlow();
  const view = useStore(viewOf, sameView);
  const svg = useRef<SVGSVGElement>(null);
  const bounds = useMemo(() => (nodes.length ? getNodesBounds(nodes) : undefined), [nodes]);
  const shapes = useMemo(
    () =>
      nodes
        .map((n) => `M${Math.round(n.position.x)},${Math.round(n.position.y)}h${nodeSize.width}v${nodeSize.height}h-${nodeSize.width}z`)
        .join(""),
    [nodes],
  );

  // As React Flow's minimap: the nodes and the view, scaled to fit, with a margin.
  const left = Math.min(bounds?.x ?? view.x, view.x);
  const top = Math.min(bounds?.y ?? view.y, view.y);
  const width = Math.max((bounds ? bounds.x + bounds.width : 0) - left, view.x + view.width - left);
  const height = Math.max((bounds ? bounds.y + bounds.height : 0) - top, view.y + view.height - top);
  const scale = Math.max(width / size.width, height / size.height) || 1;
  const offset = 5 * scale;
  const box = {
    x: left - (scale * size.width - width) / 2 - offset,
    y: top - (scale * size.height - height) / 2 - offset,
    width: scale * size.width + 2 * offset,
    height: scale * size.height + 2 * offset,
  };

  // The wheel zooms the graph (a listener that may cancel the page's scrolling, which React's cannot).
  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      void flow.zoomTo(flow.getZoom() * 2 ** (-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.002)));
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  }, [flow]);

  const moveTo = (event: React.PointerEvent<SVGSVGElement>) => {
    const matrix = svg.current?.getScreenCTM();
    if (!matrix) return;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    void flow.setCenter(point.x, point.y, { zoom: flow.getZoom() });
  };

  return (
    <Panel position="bottom-right" className="react-flow__minimap" data-testid="ownership-minimap">
      <svg
        ref={svg}
        width={size.width}
        height={size.height}
        viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
        className="react-flow__minimap-svg cursor-pointer touch-none"
        role="img"
        aria-label="Minimap of the ownership graph"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          moveTo(event);
        }}
        onPointerMove={(event) => {
          if (event.buttons) moveTo(event);
        }}
      >
        {/* A hairline at any scale, so that the nodes of a very wide graph still show. */}
        <path
          d={shapes}
          className="react-flow__minimap-node"
          style={{ stroke: nodeFill, strokeWidth: 1, vectorEffect: "non-scaling-stroke" }}
        />
        <path
          className="react-flow__minimap-mask"
          d={`M${box.x - offset},${box.y - offset}h${box.width + 2 * offset}v${box.height + 2 * offset}h${-box.width - 2 * offset}z M${view.x},${view.y}h${view.width}v${view.height}h${-view.width}z`}
          fillRule="evenodd"
          pointerEvents="none"
        />
        <rect
          x={view.x}
          y={view.y}
          width={view.width}
          height={view.height}
          className="fill-none stroke-primary"
          style={{ strokeWidth: 1, vectorEffect: "non-scaling-stroke" }}
          pointerEvents="none"
        />
      </svg>
    </Panel>
  );
}
