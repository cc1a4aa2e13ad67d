import "server-only";
/**
 * The price list as a matrix: countries × datapoints × modes, built from `GET /v2/pricing` per country and the
 * catalog's development status. Pure; lib/pricing/read-price-matrix.ts does the reading.
 *
 * Prices are in credits, as the spec states them, and are never converted. A block's datapoints are bought
 * together: the block's price sits on one datapoint (the one named like the block's sku, else its first), and the
 * others are "included" in it (the spec: legalRepresentatives, otherKeyPersons and establishments come with the
 * company block). `modes` is open: a mode one country prices is a column for all, and a price a block does not
 * state for a mode is "not stated", never 0.
 */
import { orderableDatapoints } from "@/lib/pricing/quote.shared";
import type { RegistryCountry } from "@/lib/registry/countries.shared";
import type { RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import type { Settled } from "@/lib/registry/settle";
import { catalogCountries, datapointNames, type CatalogResponse, type PricingResponse } from "@/lib/registry/schemas.shared";

/** One mode's price of a priced datapoint. */
export type ModePrice = {
  mode: string;
  /** In credits; undefined when the block states no price for this mode. */
  credits: number | undefined;
  /** The registry's hint; false marks an indicative price. */
  authoritative: boolean | undefined;
};

export type DatapointPrice =
  /** The country's price list names the datapoint as not available (`available: false`). */
  | { datapoint: string; state: "unavailable"; block: string | undefined }
  /** Bought with `carrier`, the datapoint that carries its block's price. */
  | { datapoint: string; state: "included"; block: string; carrier: string }
  /** Priced per mode (a price of 0 is free); `listPrice` is the datapoint's own mode-less `price`, if any. */
  | { datapoint: string; state: "priced"; block: string | undefined; modes: ModePrice[]; listPrice: number | undefined }
  /** Neither a per-datapoint entry nor a block names it. */
  | { datapoint: string; state: "not_listed" };

export type CountryPrices = {
  datapoints: Map<string, DatapointPrice>;
  /** Per block that includes any: the documents that come with it. */
  includedDocuments: { block: string; documents: string[] }[];
  /** Datapoints the registry monitors at no cost (the `monitoring` object's keys). */
  monitoredAtNoCost: string[];
};

export type CountryRow = {
  country: RegistryCountry;
  /** From the catalog (e.g. "beta"); undefined when the catalog names none or could not be read. */
  developmentStatus: string | undefined;
} & ({ prices: CountryPrices; error?: undefined } | { prices?: undefined; error: RegistryErrorInfo });

export type PriceMatrix = {
  rows: CountryRow[];
  /** Column order: the known datapoints, then any other a price list names. */
  datapoints: string[];
  /** verification and onboarding first, then any other mode a block prices. */
  modes: string[];
  /** Reading the catalog failed: the matrix has no beta marks. */
  catalogError: RegistryErrorInfo | undefined;
};

/** The order the matrix shows datapoints in: the order form's, with the legacy companyProfile beside company. */
const datapointOrder: readonly string[] = [orderableDatapoints[0], "companyProfile", ...orderableDatapoints.slice(1)];
const modeOrder: readonly string[] = ["verification", "onboarding"];

const known = new Set<string>(datapointNames);

type Block = PricingResponse["blocks"][number];

function carrierOf(block: Block): string {
  return block.datapoints.includes(block.sku) ? block.sku : block.datapoints[0]!;
}

/** A mode's entry is open: `{price, authoritative, …}` or a bare number; anything else states no price. */
function modePrice(block: Block, mode: string): ModePrice {
  const entry = block.modes[mode];
  if (typeof entry === "number") return { mode, credits: entry, authoritative: undefined };
  const { price, authoritative } = (entry ?? {}) as { price?: unknown; authoritative?: unknown };
  return {
    mode,
    credits: typeof price === "number" && Number.isFinite(price) ? price : undefined,
    authoritative: typeof authoritative === "boolean" ? authoritative : undefined,
  };
}

type Entry = { available?: unknown; price?: unknown };

function entryOf(pricing: PricingResponse, datapoint: string): Entry | undefined {
  // Only the known datapoints have per-datapoint entries; another key of the answer is not one.
  if (!known.has(datapoint)) return undefined;
  const entry = (pricing as Record<string, unknown>)[datapoint];
  return entry && typeof entry === "object" ? (entry as Entry) : undefined;
}

export function datapointPrice(pricing: PricingResponse, datapoint: string, modes: readonly string[]): DatapointPrice {
  const entry = entryOf(pricing, datapoint);
  const block = pricing.blocks.find((b) => b.datapoints.includes(datapoint));
  if (!entry && !block) return { datapoint, state: "not_listed" };
  if (entry?.available === false) return { datapoint, state: "unavailable", block: block?.sku };
  if (block && block.datapoints.length > 1 && carrierOf(block) !== datapoint) {
    return { datapoint, state: "included", block: block.sku, carrier: carrierOf(block) };
  }
  return {
    datapoint,
    state: "priced",
    block: block?.sku,
    modes: modes.map((mode) => (block ? modePrice(block, mode) : { mode, credits: undefined, authoritative: undefined })),
    listPrice: typeof entry?.price === "number" ? entry.price : undefined,
  };
}

/** Every datapoint one price list names: the known ones it has an entry for, and all its blocks'. */
function listedDatapoints(pricing: PricingResponse): string[] {
  return [...datapointNames.filter((d) => entryOf(pricing, d)), ...pricing.blocks.flatMap((b) => b.datapoints)];
}

function ordered(values: Iterable<string>, order: readonly string[]): string[] {
  const rank = (v: string) => (order.includes(v) ? order.indexOf(v) : order.length);
  return [...new Set(values)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export function countryPrices(pricing: PricingResponse, datapoints: readonly string[], modes: readonly string[]): CountryPrices {
  return {
    datapoints: new Map(datapoints.map((d) => [d, datapointPrice(pricing, d, modes)])),
    includedDocuments: pricing.blocks.flatMap((b) =>
      b.includedDocuments?.length ? [{ block: b.sku, documents: b.includedDocuments }] : [],
    ),
    monitoredAtNoCost: Object.keys(pricing.monitoring ?? {}),
  };
}

/** Each catalog country's development status, by code. */
function developmentStatuses(catalog: CatalogResponse): Map<string, string> {
  const statuses = new Map<string, string>();
  for (const entry of catalogCountries(catalog)) {
    const code = entry.countryCode ?? entry.code;
    if (code && entry.developmentStatus) statuses.set(code, entry.developmentStatus);
  }
  return statuses;
}

/**
 * The matrix from each country's settled pricing read (in `countries` order) and the settled catalog read. A
 * country whose read failed keeps its row, with the registry's error; the others are unaffected.
 */
export function priceMatrix(
  countries: readonly RegistryCountry[],
  pricings: readonly Settled<PricingResponse>[],
  catalog: Settled<CatalogResponse>,
): PriceMatrix {
  const answered = pricings.flatMap((p) => (p.value ? [p.value] : []));
  const datapoints = ordered(answered.flatMap(listedDatapoints), datapointOrder);
  const modes = ordered(
    answered.flatMap((p) => p.blocks.flatMap((b) => Object.keys(b.modes))),
    modeOrder,
  );
  const statuses = catalog.value ? developmentStatuses(catalog.value) : new Map<string, string>();
  const rows = countries.map((country, index): CountryRow => {
    const read = pricings[index]!;
    const developmentStatus = statuses.get(country);
    return read.value
      ? { country, developmentStatus, prices: countryPrices(read.value, datapoints, modes) }
      : { country, developmentStatus, error: read.error };
  });
  return { rows, datapoints, modes, catalogError: catalog.error };
}

/** What one cell of the matrix says: one datapoint of one country in one mode. A price of 0 credits is free. */
export type PriceCell =
  | { kind: "not_listed" | "unavailable" }
  | { kind: "included"; carrier: string }
  | { kind: "not_stated" }
  | { kind: "price"; credits: number; authoritative: boolean | undefined };

export function priceCell(price: DatapointPrice | undefined, mode: string): PriceCell {
  if (!price || price.state === "not_listed") return { kind: "not_listed" };
  if (price.state === "unavailable") return { kind: "unavailable" };
  if (price.state === "included") return { kind: "included", carrier: price.carrier };
  const stated = price.modes.find((m) => m.mode === mode);
  return stated?.credits === undefined
    ? { kind: "not_stated" }
    : { kind: "price", credits: stated.credits, authoritative: stated.authoritative };
}

export function sameCell(a: PriceCell, b: PriceCell): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === "included" && b.kind === "included") return a.carrier === b.carrier;
  if (a.kind === "price" && b.kind === "price") return a.credits === b.credits && a.authoritative === b.authoritative;
  return true;
}

/** The catalog's word for a country still in beta. */
export const isBeta = (developmentStatus: string | undefined) => developmentStatus === "beta";
