// Small value helpers shared by the generators: a fixed reference date (so output never depends on the
// clock), ISO dates, money, stable entity ids.
import type { Money } from "../../lib/registry/schemas.shared";
import { hashString, type Rng } from "./random";

/** "Today" for every generated company: a fixed date keeps the data deterministic. */
export const referenceDate = "2026-03-01";
export const referenceYear = 2026;

const pad = (n: number) => String(n).padStart(2, "0");

export function isoDate(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function randomDateBetween(rng: Rng, from: string, to: string): string {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (end <= start) return from;
  return new Date(start + Math.floor((rng.next() * (end - start)) / 86400000) * 86400000).toISOString().slice(0, 10);
}

function groupThousands(value: number, decimals: number): string {
  const [whole, fraction] = value.toFixed(decimals).split(".");
  const grouped = (whole ?? "0").replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** `{amount, currency, formatted: "EUR 25,000.00"}`. */
export function money(amount: number, currency: string): Money {
  const rounded = Math.round(amount * 100) / 100;
  return { amount: rounded, currency, formatted: `${currency} ${groupThousands(rounded, 2)}` };
}

/** A stable opaque id for a person or company appearing in a company's lists. */
export function entityId(...parts: string[]): string {
  return `ent_${hashString(parts.join("|")).toString(36)}${hashString(parts.join("/")).toString(36).slice(0, 4)}`;
}

/** A stable document id. */
export function documentId(...parts: string[]): string {
  return `doc_${hashString(parts.join("|")).toString(36)}${hashString(parts.reverse().join("|")).toString(36).slice(0, 5)}`;
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
