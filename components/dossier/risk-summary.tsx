import { Badge } from "@/components/ui/badge";
import type { RiskItem } from "@/lib/dossier/risk-items.shared";

export function RiskSummary({ items, onEvidence }: { items: RiskItem[]; onEvidence: (tab: string, anchor: string) => void }) {
  if (items.length === 0)
    return (
      <p className="text-sm">
        No active compliance flag, troubled status, overdue filing or elevated financial risk in what the register reported.
      </p>
    );
  return (
    <ul className="space-y-1" aria-label="Risk summary">
      {items.map((item) => (
        <li key={item.key} className="flex flex-wrap items-center gap-2 text-sm" data-risk={item.key}>
          <Badge variant={item.severity === "high" ? "destructive" : item.severity === "medium" ? "warning" : "secondary"}>
            {item.severity === "info" ? "note" : item.severity}
          </Badge>
          <span className="min-w-0 [overflow-wrap:anywhere]">{item.text}</span>
          <a
            href={`#${item.evidence.anchor}`}
            className="text-primary underline-offset-4 hover:underline"
            onClick={(event) => {
              event.preventDefault();
              onEvidence(item.evidence.tab, item.evidence.anchor);
            }}
          >
            Evidence: {item.evidence.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
