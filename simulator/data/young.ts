// YOUNG stays young on any clock. Like every company it is generated as of the reference date, incorporated about
// three months before it; `movedTo(today)` then moves every date in it by the days from the reference date to
// `today`, and computes its filing calendar again from the moved incorporation date.
import type { GeneratedCompany } from "./company";
import { firstFilings } from "./company-profile";
import { addDays, referenceDate } from "./values";

const isoDate = /^(\d{4}-\d{2}-\d{2})(T[\d:.]+Z)?$/;

function shifted(value: unknown, days: number): unknown {
  if (typeof value === "string") {
    const match = isoDate.exec(value);
    return match ? `${addDays(match[1] as string, days)}${match[2] ?? ""}` : value;
  }
  if (Array.isArray(value)) return value.map((item) => shifted(item, days));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shifted(item, days)]));
}

/** Whole days from the reference date to `today` (an ISO date). */
export function daysSinceReference(today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${referenceDate}T00:00:00Z`)) / 86_400_000);
}

/** YOUNG as of `today` (any other company is returned as it is: its data never depends on the clock). */
export function movedTo(generated: GeneratedCompany, today: string): GeneratedCompany {
  const days = daysSinceReference(today);
  if (generated.special !== "YOUNG" || days === 0) return generated;
  const sections = shifted(generated.sections, days) as GeneratedCompany["sections"];
  const { company } = sections;
  if (company.incorporationDate && company.statutoryFilings)
    company.statutoryFilings = firstFilings(company.incorporationDate, company.statutoryFilings.accounts?.source ?? "register");
  return { ...generated, sections };
}
