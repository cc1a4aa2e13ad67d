import { Badge } from "@/components/ui/badge";
import type { BatchRow } from "@/db/schema";
import { words } from "@/lib/vocabulary/words.shared";

const variants = { matching: "secondary", reviewing: "warning", ordering: "secondary", done: "success", cancelled: "outline" } as const;

/** A batch's status in words, its explanation as the title. */
export function BatchStatusBadge({ status }: { status: BatchRow["status"] }) {
  const { label, explanation } = words("batchStatus", status);
  return (
    <Badge variant={variants[status]} title={explanation} data-status={status}>
      {label}
    </Badge>
  );
}
