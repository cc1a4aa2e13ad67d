import { Badge, type BadgeProps } from "@/components/ui/badge";
import { words, type Kind } from "@/lib/vocabulary/words.shared";

/** An open-enum value in words (lib/vocabulary); a value the console has no words for is shown as sent, marked unknown. */
export function EnumBadge({ value, kind, variant = "outline" }: { value: string; kind: Kind; variant?: BadgeProps["variant"] }) {
  const w = words(kind, value);
  return (
    <Badge
      variant={variant}
      className="whitespace-normal [overflow-wrap:anywhere]"
      data-enum={value}
      data-unknown={w.known ? undefined : ""}
      title={w.known ? w.explanation : "A value this console does not know yet, shown as sent"}
    >
      {w.label}
      {!w.known && <span className="sr-only"> (not known to this console)</span>}
    </Badge>
  );
}
