import "server-only";
import { layeredLayout } from "@/lib/graph/layered-layout.shared";
import { edgeLabel, layoutGraph, layoutInput, nodeView, rootIds } from "@/lib/graph/ownership-graph.shared";
import { ownershipDrawing, type OwnershipDrawing } from "@/lib/graph/ownership-svg.shared";
import type { Graph } from "@/lib/registry/schemas.shared";
import { colors, type PdfWriter } from "./pdf-writer";

/** PDF pages are at most 14,400 points a side (200 inches); a larger drawing is scaled down to fit. */
const maxPageSide = 14_400;
const pageMargin = 40;
const titleSpace = 40;

/** The ownership graph laid out as the Ownership tab lays it out (the layered layout), as ownershipSvg draws it. */
export function graphDrawing(graph: Pick<Graph, "nodes" | "edges">): OwnershipDrawing {
  const shape = layoutGraph(graph);
  const input = layoutInput(shape);
  const positions = layeredLayout(input, rootIds(shape.nodes));
  const byId = new Map(graph.nodes.map((n) => [n.nodeId, n]));
  const edgesById = new Map(graph.edges.map((e) => [e.id, e]));
  const cycles = new Set(input.cycleEdgeIds);
  const nodes = input.nodes.map((n) => ({ position: positions[n.id] ?? { x: 0, y: 0 }, data: nodeView(byId.get(n.id)!) }));
  const links = input.edges.map((e) => ({
    source: e.source,
    target: e.target,
    label: edgeLabel(edgesById.get(e.id) ?? {}),
    cycle: cycles.has(e.id),
  }));
  return ownershipDrawing(nodes, links);
}

/**
 * The drawing on a page of its own, as vector paths and real text: boxes with their borders (dashed where the
 * SVG dashes them), curves from owner to owned with arrow heads, the percentages. The page is sized to the
 * drawing (at least A4) and everything is scaled down only past the largest page PDF allows.
 */
export function drawOwnershipGraph(writer: PdfWriter, drawing: OwnershipDrawing, title: string): void {
  const { bounds, boxes, curves, labels } = drawing;
  const scale = Math.min(1, (maxPageSide - 2 * pageMargin) / bounds.width, (maxPageSide - 2 * pageMargin - titleSpace) / bounds.height);
  const width = Math.max(595.28, bounds.width * scale + 2 * pageMargin);
  const height = Math.max(841.89, bounds.height * scale + 2 * pageMargin + titleSpace);
  const doc = writer.doc;
  doc.addPage({ size: [width, height], margin: pageMargin });
  writer.paragraph(title, { size: 12 });

  doc.save();
  doc.translate(pageMargin - bounds.left * scale, pageMargin + titleSpace - bounds.top * scale);
  doc.scale(scale);
  doc.lineWidth(1);
  for (const c of curves) {
    doc.moveTo(c.sx, c.sy).bezierCurveTo(c.sx, c.my, c.tx, c.my, c.tx, c.ty);
    if (c.cycle) doc.dash(6, { space: 4 });
    doc.stroke("#b1b1b7");
    doc.undash();
    doc.polygon([c.tx - 4, c.ty - 8], [c.tx + 4, c.ty - 8], [c.tx, c.ty]).fill("#b1b1b7");
  }
  for (const l of labels) {
    doc.fontSize(10);
    const w = l.text.length * 5.5 + 6;
    doc.rect(l.x - w / 2, l.y - 7, w, 14).fill("#ffffff");
    writer.textAt(l.text, l.x - w / 2 + 3, l.y + 3.5, { size: 10, color: colors.text });
  }
  for (const box of boxes) {
    doc.roundedRect(box.x, box.y, box.width, box.height, 6).lineWidth(box.strokeWidth);
    if (box.dashed) doc.dash(5, { space: 3 });
    doc.fillAndStroke("#ffffff", box.stroke);
    doc.undash();
    for (const line of box.lines) {
      writer.textAt(line.text, line.x, line.y, {
        size: line.bold ? 10 : 9,
        color: line.bold ? colors.text : colors.muted,
        maxWidth: box.width - 12,
      });
    }
  }
  doc.restore();
}
