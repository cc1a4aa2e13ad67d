import { Badge, type BadgeProps } from "@/components/ui/badge";

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
