import "server-only";
/**
 * What "See what changed" will cost: the company page's quote for the datapoints the categories name, less the
 * blocks this connection bought for the same company within 24 hours (the registry does not bill the same block
 * for the same company twice in 24 hours). "Bought" is what the registry charged for (a `cost` it reported), and
 * "within 24 hours" is on the registry's clock as far as the console has seen it (`registryClock`). Pure.
 */
import { quoteOrder, type OrderableDatapoint, type Quote } from "@/lib/pricing/quote.shared";
import type { PricingResponse } from "@/lib/registry/schemas.shared";

export const freeAgainWindowMs = 24 * 3600_000;

/** A stored request of the same company on the same connection: when it was ordered and what each datapoint cost. */
export type EarlierPurchase = { requestId: string; orderedAt: string; dataStatus: unknown };

export type FreeAgainBlock = { sku: string; datapoints: OrderableDatapoint[]; requestId: string; boughtAt: string; hoursAgo: number };

export type WhatChangedQuote = {
  /** The company page's quote, every block at its price. */
  quote: Quote;
  /** Blocks bought within 24 hours: free again. */
  freeAgain: FreeAgainBlock[];
  /** What the order will cost: the quote less the free-again blocks. */
  total: number;
};

const round = (n: number) => Math.round(n * 100) / 100;

/** The registry's own time stamp on something it sent (a monitor notification), and when this console received it. */
export type RegistryTimestamp = { stampedAt: string; receivedAt: Date };

/**
 * The registry's "now", as far as this console can tell: its own clock, moved ahead by how far ahead of their receipt
 * the registry stamped what it sent last (a sandbox whose clock was advanced stamps its notifications a day or more
 * ahead). Never behind the console's clock: a purchase is then judged at least as old as the console's records make
 * it, so an unsure case is shown at its price rather than free again.
 */
export function registryClock(now: Date, latest: RegistryTimestamp | undefined): Date {
  const stamped = latest ? Date.parse(latest.stampedAt) : NaN;
  const ahead = Number.isFinite(stamped) ? stamped - latest!.receivedAt.getTime() : 0;
  return new Date(now.getTime() + Math.max(0, ahead));
}

/** The datapoints of a request the registry billed (a `cost` above 0: a block's price sits on one of its datapoints). */
function billedDatapoints(dataStatus: unknown): string[] {
  const dataPoints = (dataStatus as { dataPoints?: Record<string, { cost?: unknown } | undefined> } | null)?.dataPoints ?? {};
  return Object.entries(dataPoints)
    .filter(([, entry]) => typeof entry?.cost === "number" && entry.cost > 0)
    .map(([datapoint]) => datapoint);
}

export function whatChangedQuote(
  pricing: PricingResponse,
  mode: string,
  datapoints: readonly OrderableDatapoint[],
  earlier: readonly EarlierPurchase[],
  now: Date,
): WhatChangedQuote {
  const quote = quoteOrder(pricing, mode, datapoints);
  // As quoteOrder names a block: its sku, or the datapoint where the pricing gives it no block.
  const skuOf = (datapoint: string) => pricing.blocks.find((b) => b.datapoints.includes(datapoint))?.sku ?? datapoint;
  const recent = earlier
    .filter((p) => now.getTime() - Date.parse(p.orderedAt) < freeAgainWindowMs && Date.parse(p.orderedAt) <= now.getTime())
    .sort((a, b) => b.orderedAt.localeCompare(a.orderedAt));
  const freeAgain: FreeAgainBlock[] = [];
  for (const block of quote.blocks) {
    // The graph is billed by what its exploration fetches, never as a block.
    if (block.datapoints.includes("graph") || block.price === 0) continue;
    const purchase = recent.find((p) => billedDatapoints(p.dataStatus).some((d) => skuOf(d) === block.sku));
    if (!purchase) continue;
    const hoursAgo = Math.floor((now.getTime() - Date.parse(purchase.orderedAt)) / 3600_000);
    freeAgain.push({ sku: block.sku, datapoints: block.datapoints, requestId: purchase.requestId, boughtAt: purchase.orderedAt, hoursAgo });
  }
  const saved = freeAgain.reduce((sum, f) => sum + (quote.blocks.find((b) => b.sku === f.sku)?.price ?? 0), 0);
  return { quote, freeAgain, total: round(quote.total - saved) };
}

/** "bought 3 h ago: free again" (under an hour: "bought less than an hour ago"). */
export function freeAgainWording(block: Pick<FreeAgainBlock, "hoursAgo">): string {
  return `bought ${block.hoursAgo < 1 ? "less than an hour" : `${block.hoursAgo} h`} ago: free again`;
}
