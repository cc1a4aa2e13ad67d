import { credits } from "@/lib/vocabulary/units.shared";
import { datapointLabel } from "@/lib/pricing/price-labels";
import type { PriceCell } from "@/lib/pricing/price-matrix";

/** One cell of the price list in words, its unit named: "2.5 credits", "Free", "Included with Company profile"… */
export function priceCellText(cell: PriceCell): string {
  switch (cell.kind) {
    case "not_listed":
      return "Not listed";
    case "unavailable":
      return "Unavailable";
    case "included":
      return `Included with ${datapointLabel(cell.carrier)}`;
    case "not_stated":
      return "Not stated";
    case "price": {
      const amount = cell.credits === 0 ? "Free (0 credits)" : credits(cell.credits);
      return cell.authoritative === false ? `${amount}, indicative` : amount;
    }
  }
}
