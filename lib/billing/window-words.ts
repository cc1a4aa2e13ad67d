/**
 * Lengths of time in the words the billing page uses: a high-usage window ("60 min", "24 h", "7 days") and how
 * far off a forecast is ("~3 h"). Pure. Safe to import from client components.
 */

const minuteMs = 60_000;

/** A window of whole minutes in its largest exact unit: 45 → "45 min", 60 → "1 h", 1440 → "24 h", 2880 → "2 days". */
export function windowWords(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes.toLocaleString("en")} min`;
  const hours = minutes / 60;
  // Up to a day in hours ("24 h", as the registry's tiers are usually read); past that, whole days when exact.
  if (hours <= 24 || hours % 24 !== 0) return `${hours.toLocaleString("en")} h`;
  const days = hours / 24;
  return `${days} day${days === 1 ? "" : "s"}`;
}

/** A duration rounded to one unit, "~": under a minute, "~25 min", "~3 h", "~2 days". */
export function approxDuration(ms: number): string {
  const minutes = ms / minuteMs;
  if (minutes < 1) return "under a minute";
  if (minutes < 90) return `~${Math.round(minutes)} min`;
  const hours = minutes / 60;
  if (hours < 48) return `~${Math.round(hours)} h`;
  return `~${Math.round(hours / 24)} days`;
}
