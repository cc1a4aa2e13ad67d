/**
 * The laid-out ownership graph as a standalone SVG document, drawn from the layout rather than copied from
 * the page: each node a box saying what its box on screen says, each link a curve from the owner down to
 * what it owns, with its percentage. Plain SVG shapes and text in generic fonts, so any browser, viewer or
 * vector editor opens it, and a few hundred bytes a node (the page's HTML serialized with every computed
 * style, in a foreignObject, was 16 MB for 150 nodes and needed the app's fonts).
 */
import { accumulatedPercent, formatPercentNumber, nodeSize, statusLabel, type NodeView } from "./ownership-graph.shared";
import { credits } from "@/lib/vocabulary/units.shared";

export type SvgNode = { position: { x: number; y: number }; data: NodeView };
export type SvgLink = { source: string; target: string; label?: string; cycle?: boolean };

const margin = 40;
const lineHeight = 13;
const font = "font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif\"";
const border: Record<string, { color: string; dashed?: boolean }> = {
  found: { color: "#16a34a" },
  budget_truncated: { color: "#d97706", dashed: true },
  not_found: { color: "#f87171" },
  error: { color: "#dc2626" },
  pending: { color: "#9ca3af", dashed: true },
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** `text` in at most `lines` lines of at most `width` characters, cut at spaces, the last one ending in "…" if it does not fit. */
export function wrapText(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let rest = text.trim();
  while (rest && out.length < lines) {
    if (rest.length <= width) {
      out.push(rest);
      break;
    }
    if (out.length === lines - 1) {
      out.push(`${rest.slice(0, width - 1).trimEnd()}…`);
      break;
    }
    const cut = rest.lastIndexOf(" ", width);
    const at = cut > 0 ? cut : width;
    out.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  return out;
}

function nodeLines(view: NodeView): { text: string; bold?: boolean }[] {
  const kind = view.type === "company" ? "Company" : view.type === "individual" ? "Individual" : view.type;
  const total = view.totalOwnership !== undefined ? `total ${formatPercentNumber(view.totalOwnership)} %` : "total not stated";
  const marks = [view.isRoot && "Root", view.isUbo && "UBO", view.isUboProxy && "UBO proxy", statusLabel(view.status)]
    .filter(Boolean)
    .join(" · ");
  const lines = [
    ...wrapText(view.name, 34, 2).map((text) => ({ text, bold: true })),
    { text: `${kind} · ${view.country ?? "country not reported"} · ${total}` },
    { text: marks },
  ];
  const t = view.truncated;
  if (t) {
    const share = accumulatedPercent(t.accumulatedOwnership);
    lines.push({
      text: `${t.estimatedCost !== undefined ? credits(t.estimatedCost) : "cost not stated"} · depth ${t.depth ?? "?"} · ${share !== undefined ? `${formatPercentNumber(share)} %` : "share not stated"}`,
    });
  }
  return lines;
}

/** A node's box as drawn: where, its border, and its lines of text with their baselines. */
export type DrawnBox = {
  id: string;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  stroke: string;
  strokeWidth: number;
  dashed: boolean;
  lines: { text: string; bold: boolean; x: number; y: number }[];
};

/** A link as drawn: a cubic curve from the owner's bottom edge to the owned company's top edge, as on screen. */
export type DrawnCurve = { sx: number; sy: number; tx: number; ty: number; my: number; cycle: boolean };

/** The whole drawing, in layout coordinates: what the SVG export and the evidence report's PDF both draw. */
export type OwnershipDrawing = {
  bounds: { left: number; top: number; width: number; height: number };
  boxes: DrawnBox[];
  curves: DrawnCurve[];
  labels: { x: number; y: number; text: string }[];
};

function drawnBox({ position: { x, y }, data }: SvgNode): DrawnBox {
  const style = (data.status && border[data.status]) || { color: "#9ca3af" };
  return {
    id: data.id,
    name: data.name,
    x,
    y,
    width: nodeSize.width,
    height: nodeSize.height,
    stroke: data.isRoot ? "#2563eb" : style.color,
    strokeWidth: data.isRoot ? 3 : 2,
    dashed: Boolean(style.dashed),
    lines: nodeLines(data).map((line, i) => ({ text: line.text, bold: line.bold === true, x: x + 8, y: y + 16 + i * lineHeight })),
  };
}

/** The geometry of the graph: nodes at their laid-out positions, the links between them, a margin around. */
export function ownershipDrawing(nodes: readonly SvgNode[], links: readonly SvgLink[]): OwnershipDrawing {
  const byId = new Map(nodes.map((n) => [n.data.id, n.position]));
  // Loops, not Math.min(...xs): a spread of thousands of arguments can overflow the stack.
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { position } of nodes) {
    minX = Math.min(minX, position.x);
    minY = Math.min(minY, position.y);
    maxX = Math.max(maxX, position.x);
    maxY = Math.max(maxY, position.y);
  }
  const left = (nodes.length ? minX : 0) - margin;
  const top = (nodes.length ? minY : 0) - margin;
  const width = (nodes.length ? maxX + nodeSize.width : 0) + margin - left;
  const height = (nodes.length ? maxY + nodeSize.height : 0) + margin - top;

  const curves: DrawnCurve[] = [];
  const labels: OwnershipDrawing["labels"] = [];
  for (const link of links) {
    const [from, to] = [byId.get(link.source), byId.get(link.target)];
    if (!from || !to) continue;
    const [sx, sy, tx, ty] = [from.x + nodeSize.width / 2, from.y + nodeSize.height, to.x + nodeSize.width / 2, to.y];
    const my = (sy + ty) / 2;
    curves.push({ sx, sy, tx, ty, my, cycle: link.cycle === true });
    if (link.label) labels.push({ x: (sx + tx) / 2, y: my, text: link.label });
  }
  return { bounds: { left, top, width, height }, boxes: nodes.map(drawnBox), curves, labels };
}

function boxSvg(box: DrawnBox): string {
  const rect = `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" rx="6" fill="#ffffff" stroke="${box.stroke}" stroke-width="${box.strokeWidth}"${box.dashed ? ' stroke-dasharray="5 3"' : ""}/>`;
  const text = box.lines
    .map(
      (line) => `<text x="${line.x}" y="${line.y}"${line.bold ? ' font-weight="600"' : ' fill="#4b5563"'}>${escapeXml(line.text)}</text>`,
    )
    .join("");
  // The whole name as the node's title (a tooltip in viewers; the box may shorten it).
  return `<g data-node-id="${escapeXml(box.id)}"><title>${escapeXml(box.name)}</title>${rect}${text}</g>`;
}

/** An SVG document of the graph, sized to it (nodes at their laid-out positions, a margin around). */
export function ownershipSvg(nodes: readonly SvgNode[], links: readonly SvgLink[]): string {
  const { bounds, boxes, curves, labels } = ownershipDrawing(nodes, links);
  const { left, top, width, height } = bounds;
  const paths = curves.map(
    (c) =>
      `<path d="M${c.sx},${c.sy} C${c.sx},${c.my} ${c.tx},${c.my} ${c.tx},${c.ty}" fill="none" stroke="#b1b1b7" stroke-width="1"${c.cycle ? ' stroke-dasharray="6 4"' : ""} marker-end="url(#arrow)"/>`,
  );
  const texts = labels.map(
    (l) =>
      `<text x="${l.x}" y="${l.y}" text-anchor="middle" dominant-baseline="central" font-size="10" stroke="#ffffff" stroke-width="3" paint-order="stroke">${escapeXml(l.text)}</text>`,
  );

  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${left} ${top} ${width} ${height}" ${font} font-size="11">`,
    `<title>Ownership graph (${nodes.length} nodes, ${curves.length} links)</title>`,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#b1b1b7"/></marker></defs>`,
    `<rect x="${left}" y="${top}" width="${width}" height="${height}" fill="#ffffff"/>`,
    `<g>${paths.join("")}${texts.join("")}</g>`,
    `<g>${boxes.map(boxSvg).join("")}</g>`,
    `</svg>`,
  ].join("\n");
}
