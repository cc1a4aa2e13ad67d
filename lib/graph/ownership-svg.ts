/**
 * The laid-out ownership graph as a standalone SVG document, drawn from the layout rather than copied from
 * the page: each node a box saying what its box on screen says, each link a curve from the owner down to
 * what it owns, with its percentage. Plain SVG shapes and text in generic fonts, so any browser, viewer or
 * vector editor opens it, and a few hundred bytes a node (the page's HTML serialized with every computed
 * style, in a foreignObject, was 16 MB for 150 nodes and needed the app's fonts).
 */
import { accumulatedPercent, formatPercentNumber, nodeSize, statusLabel, type NodeView } from "./ownership-graph";

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
      text: `${t.estimatedCost !== undefined ? `${t.estimatedCost} cr` : "cost not stated"} · depth ${t.depth ?? "?"} · ${share !== undefined ? `${formatPercentNumber(share)} %` : "share not stated"}`,
    });
  }
  return lines;
}

function nodeSvg({ position: { x, y }, data }: SvgNode): string {
  const style = (data.status && border[data.status]) || { color: "#9ca3af" };
  const box = `<rect x="${x}" y="${y}" width="${nodeSize.width}" height="${nodeSize.height}" rx="6" fill="#ffffff" stroke="${data.isRoot ? "#2563eb" : style.color}" stroke-width="${data.isRoot ? 3 : 2}"${style.dashed ? ' stroke-dasharray="5 3"' : ""}/>`;
  const text = nodeLines(data)
    .map(
      (line, i) =>
        `<text x="${x + 8}" y="${y + 16 + i * lineHeight}"${line.bold ? ' font-weight="600"' : ' fill="#4b5563"'}>${escapeXml(line.text)}</text>`,
    )
    .join("");
  // The whole name as the node's title (a tooltip in viewers; the box may shorten it).
  return `<g data-node-id="${escapeXml(data.id)}"><title>${escapeXml(data.name)}</title>${box}${text}</g>`;
}

/** An SVG document of the graph, sized to it (nodes at their laid-out positions, a margin around). */
export function ownershipSvg(nodes: readonly SvgNode[], links: readonly SvgLink[]): string {
  const byId = new Map(nodes.map((n) => [n.data.id, n.position]));
  const xs = nodes.map((n) => n.position.x);
  const ys = nodes.map((n) => n.position.y);
  const left = (nodes.length ? Math.min(...xs) : 0) - margin;
  const top = (nodes.length ? Math.min(...ys) : 0) - margin;
  const width = (nodes.length ? Math.max(...xs) + nodeSize.width : 0) + margin - left;
  const height = (nodes.length ? Math.max(...ys) + nodeSize.height : 0) + margin - top;

  const curves: string[] = [];
  const labels: string[] = [];
  for (const link of links) {
    const [from, to] = [byId.get(link.source), byId.get(link.target)];
    if (!from || !to) continue;
    // From the owner's bottom edge to the owned company's top edge, as on screen.
    const [sx, sy, tx, ty] = [from.x + nodeSize.width / 2, from.y + nodeSize.height, to.x + nodeSize.width / 2, to.y];
    const my = (sy + ty) / 2;
    curves.push(
      `<path d="M${sx},${sy} C${sx},${my} ${tx},${my} ${tx},${ty}" fill="none" stroke="#b1b1b7" stroke-width="1"${link.cycle ? ' stroke-dasharray="6 4"' : ""} marker-end="url(#arrow)"/>`,
    );
    if (link.label) {
      labels.push(
        `<text x="${(sx + tx) / 2}" y="${my}" text-anchor="middle" dominant-baseline="central" font-size="10" stroke="#ffffff" stroke-width="3" paint-order="stroke">${escapeXml(link.label)}</text>`,
      );
    }
  }

  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${left} ${top} ${width} ${height}" ${font} font-size="11">`,
    `<title>Ownership graph (${nodes.length} nodes, ${curves.length} links)</title>`,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#b1b1b7"/></marker></defs>`,
    `<rect x="${left}" y="${top}" width="${width}" height="${height}" fill="#ffffff"/>`,
    `<g>${curves.join("")}${labels.join("")}</g>`,
    `<g>${nodes.map(nodeSvg).join("")}</g>`,
    `</svg>`,
  ].join("\n");
}
