import { describe, expect, it } from "vitest";
import type { OwnerNode } from "./owner-node";
import { drawingStep, progressOn, type Plan } from "./use-graph-in-frames";

const planOf = (count: number): Plan => ({
  nodes: Array.from({ length: count }, (_, i) => ({ id: `n${i}`, position: { x: i * 10, y: 0 } }) as OwnerNode),
  costs: Array.from({ length: count }, () => 1),
});

describe("progressOn", () => {
  it("starts a first plan with the first step's nodes", () => {
    const plan = planOf(100);
    expect(progressOn(plan, null)).toMatchObject({ plan, count: 8, at: 0 });
  });

  it("keeps the progress of the plan it is on", () => {
    const plan = planOf(100);
    const progress = { plan, count: 40, budget: 20, at: 123 };
    expect(progressOn(plan, progress)).toBe(progress);
  });

  it("carries on a new plan from as many nodes as were drawn, not from the start", () => {
    const progress = { plan: planOf(189), count: 150, budget: 60, at: 123 };
    const again = planOf(189); // the same graph, sent again: a new plan object
    expect(progressOn(again, progress)).toMatchObject({ plan: again, count: 150, budget: 60, at: 0 });
    // A smaller graph: at most all of it.
    expect(progressOn(planOf(20), progress).count).toBe(20);
  });

  it("finishes while a new plan arrives at every frame", () => {
    let progress = progressOn(planOf(189), null);
    for (let frame = 0; frame < 200 && progress.count < 189; frame++) {
      const next = progressOn(planOf(189), progress); // the graph sent again before this frame
      progress = { ...next, count: Math.min(189, next.count + 8) }; // what a frame then hands over
    }
    expect(progress.count).toBe(189);
  });
});

describe("drawingStep", () => {
  it("grows the step on fast frames and shrinks it on slow ones", () => {
    const plan = planOf(1000);
    const start = progressOn(plan, null);
    const fast = drawingStep({ ...start, at: 1000 }, 1016, 0);
    expect(fast.budget).toBe(12);
    expect(fast.count).toBe(8 + 12);
    const slow = drawingStep({ ...fast, at: 1016 }, 1116, 0);
    expect(slow.budget).toBeCloseTo(7.2);
  });

  it("hands over the rest at once when frames are slow for longer than a moment and a half", () => {
    const plan = planOf(189);
    let progress = progressOn(plan, null);
    const startedAt = 0;
    let now = 0;
    while (progress.count < plan.nodes.length && now < 60_000) {
      now += 300; // a busy machine: a frame every 300 ms
      progress = drawingStep(progress, now, startedAt);
    }
    expect(progress.count).toBe(189);
    expect(now).toBeLessThanOrEqual(1800);
  });
});
