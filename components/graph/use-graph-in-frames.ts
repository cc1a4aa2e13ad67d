"use client";

import type { Edge, Viewport, XYPosition } from "@xyflow/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { nodeSize } from "@/lib/graph/ownership-graph.shared";
import type { OwnerNode } from "./owner-node";

export type OpeningView = { viewport: Viewport; width: number; height: number };

/**
 * Costs in units of "a node in view": React Flow mounts such a node (about twenty elements), the browser
 * styles, lays out and paints it, and React Flow measures it. A node out of view costs much less (React
 * Flow only files it), a link in view about a third of a node (a path, its arrow and its label).
 */
const outOfViewCost = 1 / 30;
const linkInViewCost = 1 / 3;
/**
 * What a frame hands over, in those units: it starts small and follows the time between two frames (which
 * holds the rendering of the previous step), growing while a step takes under `fastStepMs` and shrinking
 * when one takes over `slowStepMs`, so that a step stays under the 50 ms of a long task on a slow machine
 * and a fast one draws the whole graph in a few frames.
 */
const budget = { first: 8, min: 2, max: 400 };
const fastStepMs = 28;
const slowStepMs = 45;
/** How long drawing goes on in steps before handing over the rest at once. */
const drawingMaxMs = 1500;

export type Plan = { nodes: OwnerNode[]; costs: number[] };
export type Progress = { plan: Plan; count: number; budget: number; at: number };

/**
 * Where drawing `plan` stands. A new plan (the same graph sent again by a running request, a resize) carries on
 * from as many nodes as were handed over, never from the start: restarting at each new plan never finished a
 * 189-node graph on a busy machine while its request kept sending it.
 */
export function progressOn(plan: Plan, progress: Progress | null): Progress {
  if (progress?.plan === plan) return progress;
  const carried = Math.min(progress?.count ?? 0, plan.nodes.length);
  return { plan, count: Math.max(carried, advance(plan, 0, budget.first)), budget: progress?.budget ?? budget.first, at: 0 };
}

/**
 * Hands the laid-out graph to React Flow over several frames, so that no task of the first draw is long
 * (all at once, 250 nodes in view took one task of a quarter of a second): the nodes in the opening view
 * first, nearest its centre first, then the others, nearest first. The links are all given at once (React
 * Flow draws one once both its ends are there). Between two steps the browser paints and answers input;
 * `complete` says everything is in.
 */
export function useGraphInFrames(
  nodes: OwnerNode[],
  edges: Edge[],
  view: OpeningView | undefined,
): { nodes: OwnerNode[]; edges: Edge[]; complete: boolean } {
  const plan = useMemo(() => drawingPlan(nodes, edges, view), [nodes, edges, view]);
  const [progress, setProgress] = useState<Progress | null>(null);
  const started = useRef(0);
  const current = progressOn(plan, progress);
  const complete = current.count >= plan.nodes.length;

  useEffect(() => {
    if (complete) return;
    if (current.at === 0) started.current = performance.now();
    const frame = requestAnimationFrame((now) => setProgress(drawingStep(current, now, started.current)));
    return () => cancelAnimationFrame(frame);
  }, [current, complete]);

  const shown = useMemo(() => plan.nodes.slice(0, current.count), [plan, current.count]);
  return { nodes: shown, edges, complete };
}

/**
 * The next frame's step. Past `drawingMaxMs` the rest goes at once: on a busy machine frames come every few
 * hundred milliseconds whatever the page does, the budget shrinks to its minimum, and 189 nodes took over 30 s
 * to draw two at a time; one long task is the lesser evil.
 */
export function drawingStep(current: Progress, now: number, startedAt: number): Progress {
  const { plan } = current;
  if (now - startedAt > drawingMaxMs) return { plan, count: plan.nodes.length, budget: current.budget, at: now };
  const took = now - (current.at || startedAt);
  const next = took < fastStepMs ? current.budget * 1.5 : took > slowStepMs ? current.budget * 0.6 : current.budget;
  const clamped = Math.min(budget.max, Math.max(budget.min, next));
  return { plan, count: advance(plan, current.count, clamped), budget: clamped, at: now };
}

/** How far the next step goes from `from` with `spend` to spend (at least one node). */
function advance(plan: Plan, from: number, spend: number): number {
  let end = from;
  let spent = 0;
  while (end < plan.nodes.length && (end === from || spent + plan.costs[end]! <= spend)) spent += plan.costs[end++]!;
  return end;
}

/** The nodes in the order they are handed over, each with what handing it over costs. */
function drawingPlan(nodes: OwnerNode[], edges: Edge[], view: OpeningView | undefined): Plan {
  if (!view) return { nodes, costs: nodes.map(() => 0) };
  const { x, y, zoom } = view.viewport;
  const area = { left: -x / zoom, top: -y / zoom, right: (view.width - x) / zoom, bottom: (view.height - y) / zoom };
  const centre = { x: (area.left + area.right) / 2, y: (area.top + area.bottom) / 2 };
  // Whether the box around two node positions (one node, or both ends of a link) meets the opening view.
  const inView = (a: XYPosition, b: XYPosition) =>
    Math.max(a.x, b.x) + nodeSize.width > area.left &&
    Math.min(a.x, b.x) < area.right &&
    Math.max(a.y, b.y) + nodeSize.height > area.top &&
    Math.min(a.y, b.y) < area.bottom;

  const entries = nodes.map((node) => ({
    node,
    inView: inView(node.position, node.position),
    distance: Math.hypot(node.position.x + nodeSize.width / 2 - centre.x, node.position.y + nodeSize.height / 2 - centre.y),
  }));
  entries.sort((a, b) => Number(b.inView) - Number(a.inView) || a.distance - b.distance);
  const costs = entries.map((e) => (e.inView ? 1 : outOfViewCost));
  const rank = new Map(entries.map((e, i) => [e.node.id, i]));
  // A link is drawn from the step that brings its second end.
  for (const edge of edges) {
    const [a, b] = [rank.get(edge.source), rank.get(edge.target)];
    if (a !== undefined && b !== undefined && inView(entries[a]!.node.position, entries[b]!.node.position))
      costs[Math.max(a, b)]! += linkInViewCost;
  }
  return { nodes: entries.map((e) => e.node), costs };
}
