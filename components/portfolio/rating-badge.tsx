import { Badge } from "@/components/ui/badge";
import type { RiskRating } from "@/lib/risk/risk-model.shared";
import { label } from "@/lib/vocabulary/words.shared";

const variants = { low: "success", medium: "warning", high: "destructive" } as const;

/** A risk rating in words ("High risk"), or "Not rated yet"; marked when pinned by hand. */
export function RatingBadge({ rating, pinned = false }: { rating: RiskRating | null; pinned?: boolean }) {
  if (rating === null) return <Badge variant="outline">Not rated yet</Badge>;
  return (
    <Badge variant={variants[rating]} data-rating={rating}>
      {label("riskRating", rating)} risk{pinned && " · pinned by hand"}
    </Badge>
  );
}
