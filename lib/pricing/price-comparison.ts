import "server-only";
/** Two countries' price lists side by side, each line marked when they differ. Pure. */
import type { RegistryCountry } from "@/lib/registry/countries.shared";
import { priceCell, sameCell, type CountryPrices, type PriceCell, type PriceMatrix } from "./price-matrix";

type Pair<T> = [T, T];

export type ComparedPrice = { datapoint: string; mode: string; cells: Pair<PriceCell>; differs: boolean };

export type Comparison = {
  countries: Pair<RegistryCountry>;
  developmentStatus: { values: Pair<string | undefined>; differs: boolean };
  prices: ComparedPrice[];
  includedDocuments: { values: Pair<CountryPrices["includedDocuments"]>; differs: boolean };
  monitoredAtNoCost: { values: Pair<string[]>; differs: boolean };
};

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sameSet = (a: readonly string[], b: readonly string[]) => sameJson([...a].sort(), [...b].sort());

/**
 * The comparison of the matrix's two rows for `countries` (over `datapoints`, e.g. the one filtered), or undefined
 * when either country's prices could not be read: the page then shows that country's error instead.
 */
export function comparePrices(
  matrix: PriceMatrix,
  countries: Pair<RegistryCountry>,
  datapoints: readonly string[],
): Comparison | undefined {
  const [a, b] = countries.map((country) => matrix.rows.find((row) => row.country === country));
  if (!a?.prices || !b?.prices) return undefined;
  const prices = datapoints.flatMap((datapoint) =>
    matrix.modes.map((mode): ComparedPrice => {
      const cells: Pair<PriceCell> = [
        priceCell(a.prices.datapoints.get(datapoint), mode),
        priceCell(b.prices.datapoints.get(datapoint), mode),
      ];
      return { datapoint, mode, cells, differs: !sameCell(...cells) };
    }),
  );
  return {
    countries,
    developmentStatus: { values: [a.developmentStatus, b.developmentStatus], differs: a.developmentStatus !== b.developmentStatus },
    prices,
    includedDocuments: {
      values: [a.prices.includedDocuments, b.prices.includedDocuments],
      differs: !sameJson(a.prices.includedDocuments, b.prices.includedDocuments),
    },
    monitoredAtNoCost: {
      values: [a.prices.monitoredAtNoCost, b.prices.monitoredAtNoCost],
      differs: !sameSet(a.prices.monitoredAtNoCost, b.prices.monitoredAtNoCost),
    },
  };
}
