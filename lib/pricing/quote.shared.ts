/**
 * What an order will cost, from `GET /v2/pricing` for the country, before anything is spent.
 *
 * Prices come per block (a block's datapoints are bought together, once) and per mode (verification,
 * onboarding). `availableDocuments` is free; `legalRepresentatives`, `otherKeyPersons` and `establishments`
 * come with `company`. The graph's price is where its exploration starts: it spends more as it fetches more
 * companies, up to `graphMaxBudget`.
 */
import type { PricingResponse } from "@/lib/registry/schemas.shared";
import { labelsOf } from "@/lib/vocabulary/words.shared";

/** The datapoints an order form offers, in the order it shows them. */
export const orderableDatapoints = [
  "company",
  "legalRepresentatives",
  "otherKeyPersons",
  "establishments",
  "ultimateBeneficialOwners",
  "shareholders",
  "subsidiaries",
  "graph",
  "availableDocuments",
] as const;
export type OrderableDatapoint = (typeof orderableDatapoints)[number];

export const datapointLabels = labelsOf("datapoint") as Readonly<Record<OrderableDatapoint, string>>;

export type DatapointOffer = {
  datapoint: OrderableDatapoint;
  available: boolean;
  /** Credits in the chosen mode; undefined when the pricing names none. */
  price: number | undefined;
  blockSku: string | undefined;
  /** Bought with another datapoint (the first of its block), at no extra cost. */
  comesWith: OrderableDatapoint | undefined;
  free: boolean;
};

type Block = PricingResponse["blocks"][number];

function blockPrice(block: Block | undefined, mode: string): number | undefined {
  const entry = block?.modes[mode] as { price?: unknown } | undefined;
  return typeof entry?.price === "number" ? entry.price : undefined;
}

/** The modes the country's blocks are priced in (e.g. verification and onboarding). */
export function offeredModes(pricing: PricingResponse): string[] {
  return [...new Set(pricing.blocks.flatMap((b) => Object.keys(b.modes)))];
}

export function datapointOffers(pricing: PricingResponse, mode: string): DatapointOffer[] {
  return orderableDatapoints.map((datapoint) => {
    const entry = (pricing as Record<string, unknown>)[datapoint] as { available?: boolean; price?: number } | undefined;
    const block = pricing.blocks.find((b) => b.datapoints.includes(datapoint));
    const leader = block?.datapoints.find((d): d is OrderableDatapoint => (orderableDatapoints as readonly string[]).includes(d));
    const price = blockPrice(block, mode) ?? entry?.price;
    return {
      datapoint,
      available: entry?.available === true,
      price,
      blockSku: block?.sku,
      comesWith: leader && leader !== datapoint ? leader : undefined,
      free: datapoint === "availableDocuments" || price === 0,
    };
  });
}

export type Quote = {
  /** Each block bought once, with the datapoints chosen from it. */
  blocks: { sku: string; price: number; datapoints: OrderableDatapoint[] }[];
  profile: number;
  graph: number;
  documents: number;
  total: number;
  /** Chosen datapoints the pricing gives no price for: the total leaves them out, and says so. */
  unpriced: OrderableDatapoint[];
};

const round = (n: number) => Math.round(n * 100) / 100;

export function quoteOrder(
  pricing: PricingResponse,
  mode: string,
  chosen: readonly OrderableDatapoint[],
  documentPrices: readonly number[] = [],
): Quote {
  const offers = new Map(datapointOffers(pricing, mode).map((o) => [o.datapoint, o]));
  const blocks = new Map<string, { sku: string; price: number; datapoints: OrderableDatapoint[] }>();
  const unpriced: OrderableDatapoint[] = [];
  for (const datapoint of chosen) {
    const offer = offers.get(datapoint);
    if (!offer || offer.price === undefined) {
      unpriced.push(datapoint);
      continue;
    }
    const sku = offer.blockSku ?? datapoint;
    const block = blocks.get(sku) ?? { sku, price: offer.price, datapoints: [] };
    block.datapoints.push(datapoint);
    blocks.set(sku, block);
  }
  const list = [...blocks.values()];
  const graph = round(list.filter((b) => b.datapoints.includes("graph")).reduce((sum, b) => sum + b.price, 0));
  const profile = round(list.filter((b) => !b.datapoints.includes("graph")).reduce((sum, b) => sum + b.price, 0));
  const documents = round(documentPrices.reduce((sum, p) => sum + p, 0));
  return { blocks: list, profile, graph, documents, total: round(profile + graph + documents), unpriced };
}
