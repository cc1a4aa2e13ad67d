/**
 * The high-usage window as a person enters it: an amount and a unit (minutes, hours or days), sent as whole
 * minutes. Zod-free; the range (5 to 43,200 minutes) is the contract's, checked by its schema.
 */
export const windowUnits = ["minutes", "hours", "days"] as const;
export type WindowUnit = (typeof windowUnits)[number];
export type WindowEntry = { amount: string; unit: WindowUnit };

const minutesPer: Record<WindowUnit, number> = { minutes: 1, hours: 60, days: 1440 };

/** The largest unit that holds `minutes` exactly: 1,440 → 1 day, 60 → 1 hour, 90 → 90 minutes. */
export function windowEntryFor(minutes: number): WindowEntry {
  const exact = (u: WindowUnit) => Number.isInteger(minutes) && minutes > 0 && minutes % minutesPer[u] === 0;
  const unit = [...windowUnits].reverse().find(exact) ?? "minutes";
  return { amount: String(minutes / minutesPer[unit]), unit };
}

/** The entry in whole minutes, or why it cannot be read as a window. */
export function windowMinutes(entry: WindowEntry): { minutes: number; problem?: undefined } | { minutes?: undefined; problem: string } {
  const text = entry.amount.trim();
  if (!text) return { problem: "Enter the window, e.g. 1 hour or 90 minutes." };
  const amount = Number(text);
  if (!/^\d*\.?\d+$/.test(text) || !Number.isFinite(amount))
    return { problem: `Enter the window as a number of ${entry.unit}, e.g. 90 or 1.5.` };
  // Rounded to a millionth first, so 1.1 hours is 66 minutes rather than 66.00000000000001.
  const minutes = Math.round(amount * minutesPer[entry.unit] * 1e6) / 1e6;
  if (!Number.isInteger(minutes))
    return { problem: `${text} ${entry.unit} is ${minutes} minutes: the window is a whole number of minutes.` };
  return { minutes };
}

function counted(amount: number, unit: WindowUnit): string {
  return `${amount.toLocaleString("en")} ${amount === 1 ? unit.slice(0, -1) : unit}`;
}

/** A window in words, with the minutes the registry states when another unit reads better: "1 hour (60 minutes)". */
export function describeWindow(minutes: number): string {
  const { amount, unit } = windowEntryFor(minutes);
  const inUnit = counted(Number(amount), unit);
  return unit === "minutes" ? inUnit : `${inUnit} (${counted(minutes, "minutes")})`;
}
