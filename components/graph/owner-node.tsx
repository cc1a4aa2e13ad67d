"use client";

import { Handle, Position, type Node, type NodeHandle, type NodeProps } from "@xyflow/react";
import { createContext, memo, useContext } from "react";
import { accumulatedPercent, formatPercentNumber, nodeSize, statusLabel, type NodeView } from "@/lib/graph/ownership-graph.shared";
import { utcMinute } from "@/lib/vocabulary/units.shared";
import { cn } from "@/lib/cn.shared";
import { credits } from "@/lib/vocabulary/units.shared";

/** A node's data is what the registry said about it; nothing that changes while the graph is shown. */
export type OwnerNode = Node<NodeView, "owner">;

/**
 * What the nodes can do and which one is highlighted, given once around the flow: changing it re-renders
 * the nodes on screen only, and the node objects React Flow (and its minimap) hold stay the same.
 */
export type OwnerNodeActions = {
  canExpand: boolean;
  onExpand?: (nodeId: string) => void;
  /** "Refresh this branch…" on an expanded company (not the root); shown where expanding is allowed. */
  onRefresh?: (nodeId: string) => void;
  highlightedId: string | null;
};
export const OwnerNodeActionsContext = createContext<OwnerNodeActions>({ canExpand: false, highlightedId: null });

/**
 * Where the box's handles are (React Flow's 6 px handles, centred on the top and bottom borders), stated on
 * every node so that React Flow need not mount and measure a node to know them: with them, a node outside
 * the view is never rendered.
 */
export const ownerNodeHandles: NodeHandle[] = [
  { type: "target", position: Position.Top, x: nodeSize.width / 2 - 3, y: -3, width: 6, height: 6 },
  { type: "source", position: Position.Bottom, x: nodeSize.width / 2 - 3, y: nodeSize.height - 3, width: 6, height: 6 },
];

const statusTone: Record<string, string> = {
  found: "border-success/60",
  budget_truncated: "border-warning border-dashed",
  not_found: "border-destructive/60",
  error: "border-destructive",
  pending: "border-muted-foreground/50 border-dashed",
};

function OwnerNodeBox({ data, selected }: NodeProps<OwnerNode>) {
  const { canExpand, onExpand, onRefresh, highlightedId } = useContext(OwnerNodeActionsContext);
  const t = data.truncated;
  const accumulated = accumulatedPercent(t?.accumulatedOwnership);
  return (
    <div
      data-testid="graph-node"
      data-node-id={data.id}
      data-status={data.status ?? ""}
      className={cn(
        "flex h-[104px] w-[220px] flex-col gap-0.5 overflow-hidden rounded-md border-2 bg-card px-2 py-1 text-left text-[11px] leading-tight text-card-foreground shadow-sm",
        data.status ? statusTone[data.status] : undefined,
        data.isRoot && "ring-2 ring-primary",
        (selected || highlightedId === data.id) && "ring-2 ring-ring ring-offset-1",
      )}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <div className="line-clamp-2 font-semibold [overflow-wrap:anywhere]" title={data.name}>
        {data.name}
      </div>
      <div className="flex min-w-0 flex-wrap gap-x-2 text-muted-foreground">
        <span>{data.type === "company" ? "Company" : data.type === "individual" ? "Individual" : data.type}</span>
        <span>{data.country ?? "country not reported"}</span>
        <span>{data.totalOwnership !== undefined ? `total ${formatPercentNumber(data.totalOwnership)} %` : "total not stated"}</span>
      </div>
      <div className="flex min-w-0 flex-wrap items-center gap-1">
        {data.isRoot && <Mark>Root</Mark>}
        {data.isUbo && <Mark tone="ubo">UBO</Mark>}
        {data.isUboProxy && <Mark tone="ubo">UBO proxy</Mark>}
        <span data-testid="node-status">{statusLabel(data.status)}</span>
      </div>
      {t && (
        <div className="flex min-w-0 items-center justify-between gap-1">
          <span className="truncate" data-testid="truncated-info">
            {t.estimatedCost !== undefined ? credits(t.estimatedCost) : "cost not stated"} · depth {t.depth ?? "?"} ·{" "}
            {accumulated !== undefined ? `${formatPercentNumber(accumulated)} %` : "share not stated"}
          </span>
          {canExpand && onExpand && (
            <button
              type="button"
              className="nodrag nopan shrink-0 rounded border bg-background px-1.5 py-0.5 font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              onClick={() => onExpand(data.id)}
              aria-label={`Expand ${data.name}`}
            >
              Expand
            </button>
          )}
        </div>
      )}
      {data.refreshable && (
        <div className="flex min-w-0 items-center justify-between gap-1">
          <span
            className="truncate"
            data-testid="owners-as-of"
            data-request-id={data.ownersByRequestId ?? ""}
            title={data.ownersByRequestId ? `Owners as listed by request ${data.ownersByRequestId}` : undefined}
          >
            {data.ownersAsOf ? `Owners as of ${utcMinute(new Date(data.ownersAsOf))}` : "Expanded"}
          </span>
          {canExpand && onRefresh && (
            <button
              type="button"
              className="nodrag nopan shrink-0 rounded border bg-background px-1.5 py-0.5 font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              onClick={() => onRefresh(data.id)}
              aria-label={`Refresh this branch: ${data.name}`}
              title="Refresh this branch…"
            >
              Refresh…
            </button>
          )}
        </div>
      )}
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </div>
  );
}

function Mark({ children, tone }: { children: React.ReactNode; tone?: "ubo" }) {
  return (
    <span
      className={cn(
        "rounded px-1 font-semibold",
        tone === "ubo" ? "bg-primary text-primary-foreground" : "bg-secondary text-secondary-foreground",
      )}
    >
      {children}
    </span>
  );
}

export const OwnerNodeComponent = memo(OwnerNodeBox);
