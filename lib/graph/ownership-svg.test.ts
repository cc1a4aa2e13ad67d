import { describe, expect, it } from "vitest";
import { nodeView } from "./ownership-graph.shared";
import { ownershipSvg, wrapText } from "./ownership-svg.shared";

const root = nodeView({
  nodeId: "root",
  type: "company",
  company: { id: "R", legalName: "Root & Söhne <GmbH>", countryCode: "DE" },
  flags: { isRoot: true, status: "found" },
});
const owner = nodeView({
  nodeId: "o",
  type: "company",
  company: { id: "O", legalName: "Owner Holding SA", countryCode: "LU" },
  flags: { status: "budget_truncated" },
  continuation: { estimatedCost: 3, depth: 1, accumulatedOwnership: 0.4 },
});

describe("ownership SVG export", () => {
  it("draws every node with its name, facts and status, and every link with its label, in a document sized to the graph", () => {
    const svg = ownershipSvg(
      [
        { position: { x: 0, y: 200 }, data: root },
        { position: { x: 300, y: 0 }, data: owner },
      ],
      [
        { source: "o", target: "root", label: "40 %" },
        { source: "root", target: "o", label: "cycle", cycle: true },
        { source: "o", target: "missing" },
      ],
    );
    expect(
      svg.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="600" height="384" viewBox="-40 -40 600 384"',
      ),
    ).toBe(true);
    expect(svg).toContain('<g data-node-id="root"><title>Root &amp; Söhne &lt;GmbH&gt;</title>');
    expect(svg).toContain("Company · DE · total not stated");
    expect(svg).toContain("Root · Found");
    expect(svg).toContain("Owner Holding SA");
    expect(svg).toContain("Stopped at the spend cap");
    expect(svg).toContain("3 credits · depth 1 · 40 %");
    expect(svg).toContain("<title>Ownership graph (2 nodes, 2 links)</title>");
    // Owner's bottom edge to the owned company's top edge; the cycle dashed.
    expect(svg).toContain('<path d="M410,104 C410,152 110,152 110,200"');
    expect(svg).toMatch(/stroke-dasharray="6 4" marker-end/);
    expect(svg).toContain(">40 %</text>");
    expect(svg.endsWith("</svg>")).toBe(true);
  });

  it("wraps a long name into two lines cut at spaces, the second shortened with an ellipsis", () => {
    expect(wrapText("Short name", 34, 2)).toEqual(["Short name"]);
    expect(wrapText("Spree Logistik Beteiligungsgesellschaft mbH & Co. Kommanditgesellschaft auf Aktien", 34, 2)).toEqual([
      "Spree Logistik",
      "Beteiligungsgesellschaft mbH & Co…",
    ]);
    expect(wrapText("x".repeat(40), 34, 2)).toEqual(["x".repeat(34), "xxxxxx"]);
  });
});
