import { describe, expect, it } from "vitest";
import { withMermaidClassesRenamed } from "@/lib/graph/ownership-graph.shared";
import { toMermaid } from "./graph-mermaid.shared";

describe("toMermaid", () => {
  it("marks the root, UBOs and truncated nodes with classes of their own, never one of mermaid's (edges stay lines)", () => {
    const diagram = toMermaid(
      [
        { nodeId: "r", type: "company", company: { id: "R", legalName: "Root AG" }, flags: { isRoot: true } },
        { nodeId: "u", type: "individual", individual: { name: "Ada Owner" }, flags: { isUbo: true } },
        { nodeId: "t", type: "company", company: { id: "T", legalName: "Far Holding" }, flags: { status: "budget_truncated" } },
      ],
      [
        { id: "e1", fromId: "u", toId: "r", percentage: 60 },
        { id: "e2", fromId: "t", toId: "r" },
      ],
    );
    expect(diagram).toContain('  n1 -->|"60%"| n0');
    const classes = [...diagram.matchAll(/^ {2}class (\S+) (\S+)$/gm)].map(([, members, name]) => [name, members]);
    expect(classes).toEqual([
      ["rootCompany", "n0"],
      ["ubo", "n1"],
      ["truncated", "n2"],
    ]);
    const defined = [...diagram.matchAll(/^ {2}classDef (\S+)/gm)].map(([, name]) => name);
    expect(defined).toEqual(["rootCompany", "ubo", "truncated"]);
    // None of them is one of mermaid's own class names (the console would have to rename it before drawing).
    expect(withMermaidClassesRenamed(diagram)).toBe(diagram);
  });
});
