"use client";

import { BaseEdge, getBezierPath, type Edge, type EdgeProps } from "@xyflow/react";
import { memo } from "react";

const cycleStyle = { strokeDasharray: "6 4" };

/** `cycle`: the link closes a cycle of holdings (drawn dashed). */
export type OwnershipEdge = Edge<{ cycle: boolean }, "ownership">;

/**
 * An ownership link: React Flow's bezier line, and its label (the stated percentage) drawn as plain SVG
 * text centred on the line, haloed in React Flow's label background colour. React Flow's own label measures
 * itself (`getBBox`) once mounted and renders again to size its background: with a hundred labels in view
 * that is a forced layout and a second render per label on the first draw.
 */
function OwnershipEdgeLine({
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  markerEnd,
  data,
  label,
  interactionWidth,
}: EdgeProps<OwnershipEdge>) {
  const [path, labelX, labelY] = getBezierPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition });
  return (
    <>
      <BaseEdge path={path} markerEnd={markerEnd} style={data?.cycle ? cycleStyle : undefined} interactionWidth={interactionWidth} />
      {label !== undefined && label !== null && label !== "" && (
        <text
          x={labelX}
          y={labelY}
          textAnchor="middle"
          dominantBaseline="central"
          className="react-flow__edge-text [paint-order:stroke] [stroke-width:3px] [stroke:var(--xy-edge-label-background-color,var(--xy-edge-label-background-color-default))]"
        >
          {label}
        </text>
      )}
    </>
  );
}

export const OwnershipEdgeComponent = memo(OwnershipEdgeLine);
