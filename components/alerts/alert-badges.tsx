import { Badge } from "@/components/ui/badge";
import type { DueTone } from "@/lib/alerts/due-label";
import { alertStateLabels, categoryLabel, type AlertState } from "@/lib/alerts/labels.shared";

const stateVariants = { new: "default", in_review: "warning", resolved: "success" } as const;

export function AlertStateBadge({ state }: { state: AlertState }) {
  return (
    <Badge variant={stateVariants[state]} data-alert-state={state}>
      {alertStateLabels[state]}
    </Badge>
  );
}

/** Marks an alert produced by a test notification this console asked for. */
export function TestBadge() {
  return (
    <Badge variant="outline" title="Produced by a test notification">
      test
    </Badge>
  );
}

const toneVariants = { late: "destructive", soon: "warning", ok: "secondary" } as const;

export function DueBadge({ due }: { due: { text: string; tone: DueTone } }) {
  return <Badge variant={toneVariants[due.tone]}>{due.text}</Badge>;
}

export function CategoryList({ categories }: { categories: readonly string[] }) {
  return <span>{categories.map(categoryLabel).join(", ") || "No category"}</span>;
}
