import { Badge, type BadgeProps } from "@/components/ui/badge";

/**
 * An open-enum value: the known ones read through `labels`, anything else exactly as the API sent it
 * (marked, so a reader knows the console has no wording for it yet).
 */
export function enumText(value: string, labels: Readonly<Record<string, string>>): string {
  return Object.hasOwn(labels, value) ? labels[value]! : value;
}

export function EnumBadge({
  value,
  labels,
  variant = "outline",
}: {
  value: string;
  labels: Readonly<Record<string, string>>;
  variant?: BadgeProps["variant"];
}) {
  const known = Object.hasOwn(labels, value);
  return (
    <Badge
      variant={variant}
      className="whitespace-normal [overflow-wrap:anywhere]"
      data-enum={value}
      title={known ? value : "A value this console does not know yet, shown as sent"}
    >
      {known ? labels[value] : value}
    </Badge>
  );
}
