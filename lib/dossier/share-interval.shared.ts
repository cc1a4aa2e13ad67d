import type { SharePercentageRange } from "@/lib/registry/schemas.shared";
import { formatNumber } from "./display-formats.shared";

/**
 * A share interval as an interval, never a midpoint: "≥ 25 % and < 50 %", "≥ 75 %", "up to 10 %".
 * Bounds are inclusive unless the register says otherwise.
 */
export function formatShareInterval(range: SharePercentageRange | { lower?: number; upper?: number } | undefined): string | undefined {
  if (!range) return undefined;
  const { lower, upper } = range;
  const lowerInclusive = "lowerInclusive" in range ? range.lowerInclusive !== false : true;
  const upperInclusive = "upperInclusive" in range ? range.upperInclusive !== false : true;
  const low = lower !== undefined ? `${lowerInclusive ? "≥" : ">"} ${formatNumber(lower)} %` : undefined;
  const high = upper !== undefined ? `${upperInclusive ? "≤" : "<"} ${formatNumber(upper)} %` : undefined;
  if (low && high) return `${low} and ${high}`;
  return low ?? high;
}
