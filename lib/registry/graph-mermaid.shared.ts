// The Mermaid rendering of an ownership graph, as the registry draws it (the console draws a merged graph the same
// way): one declaration per node (n<index>, in node order) and one arrow per edge (owner --> owned), so the
// diagram's node and edge sets equal the graph's.
import type { GraphEdge, GraphNode } from "@/lib/registry/schemas.shared";

const escapeLabel = (text: string) => text.replace(/"/g, "#quot;").replace(/[\r\n]+/g, " ");

export function nodeLabel(node: GraphNode): string {
  if (node.company) return node.company.legalName ?? node.company.id ?? node.nodeId;
  const name = node.individual?.name;
  return typeof name === "string" ? name : (name?.fullName ?? node.nodeId);
}

function declaration(node: GraphNode, index: number): string {
  const label = escapeLabel(nodeLabel(node));
  const pct = node.totalOwnershipPercentage !== undefined && !node.flags?.isRoot ? ` (${node.totalOwnershipPercentage}%)` : "";
  return node.type === "individual" ? `  n${index}(["${label}${pct}"])` : `  n${index}["${label}${pct}"]`;
}

export function toMermaid(nodes: readonly GraphNode[], edges: readonly (GraphEdge & { cycle?: boolean })[]): string {
  const index = new Map(nodes.map((n, i) => [n.nodeId, i]));
  const lines = ["graph TD"];
  nodes.forEach((node, i) => lines.push(declaration(node, i)));
  for (const edge of edges) {
    const label = [edge.percentage !== undefined ? `${edge.percentage}%` : "", edge.cycle ? "cycle" : ""].filter(Boolean).join(" ");
    const arrow = edge.cycle ? "-.->" : "-->";
    lines.push(`  n${index.get(edge.fromId)} ${arrow}${label ? `|"${label}"|` : ""} n${index.get(edge.toId)}`);
  }
  const classOf = (predicate: (n: GraphNode) => boolean) => nodes.flatMap((n, i) => (predicate(n) ? [`n${i}`] : []));
  // Class names mermaid does not give its own elements: its drawing sits in a <g class="root">, so a class named
  // "root" filled and outlined every edge path as a node.
  const classes: [string, string, string[]][] = [
    ["rootCompany", "fill:#dbeafe,stroke:#1d4ed8", classOf((n) => n.flags?.isRoot === true)],
    ["ubo", "fill:#dcfce7,stroke:#15803d", classOf((n) => n.flags?.isUbo === true)],
    ["truncated", "stroke-dasharray:4 3", classOf((n) => n.flags?.status === "budget_truncated")],
  ];
  for (const [name, style, members] of classes) {
    if (!members.length) continue;
    lines.push(`  classDef ${name} ${style}`);
    lines.push(`  class ${members.join(",")} ${name}`);
  }
  return lines.join("\n");
}
