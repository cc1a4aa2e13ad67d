import "server-only";
/**
 * The price matrix as CSV: one line per country, datapoint and mode (a country whose prices could not be read: one
 * line with the registry's error), through the console's one CSV writer. Prices stay in credits.
 */
import { csvDocument } from "@/lib/csv/csv-writer";
import { countryNames } from "@/lib/registry/countries.shared";
import { priceCell, type CountryRow, type PriceCell, type PriceMatrix } from "./price-matrix";

export const priceCsvHeader = [
  "country",
  "country name",
  "development status",
  "datapoint",
  "block",
  "mode",
  "status",
  "price (credits)",
  "authoritative",
  "included with",
  "block's included documents",
  "monitored at no cost",
  "error code",
  "error message",
];

const statusOf = (cell: PriceCell) => (cell.kind === "price" ? (cell.credits === 0 ? "free" : "priced") : cell.kind.replace("_", " "));

const yesNo = (value: boolean | undefined) => (value === undefined ? "" : value ? "yes" : "no");

function countryLines(row: CountryRow, matrix: PriceMatrix, datapoints: readonly string[]): string[][] {
  const country = [
    row.country,
    countryNames[row.country],
    matrix.catalogError ? "unknown (catalog not read)" : (row.developmentStatus ?? ""),
  ];
  if (!row.prices) return [[...country, "", "", "", "", "", "", "", "", "", row.error.code, row.error.message]];
  const prices = row.prices;
  return datapoints.flatMap((datapoint) => {
    const price = prices.datapoints.get(datapoint);
    const block = price && price.state !== "not_listed" ? price.block : undefined;
    const documents = prices.includedDocuments.find((d) => d.block === block)?.documents ?? [];
    return matrix.modes.map((mode) => {
      const cell = priceCell(price, mode);
      return [
        ...country,
        datapoint,
        block ?? "",
        mode,
        statusOf(cell),
        cell.kind === "price" ? String(cell.credits) : "",
        cell.kind === "price" ? yesNo(cell.authoritative) : "",
        cell.kind === "included" ? cell.carrier : "",
        documents.join(", "),
        yesNo(prices.monitoredAtNoCost.includes(datapoint)),
        "",
        "",
      ];
    });
  });
}

/** The matrix's rows over `datapoints` (all of the matrix's, or the one filtered). */
export function priceMatrixCsv(matrix: PriceMatrix, datapoints: readonly string[] = matrix.datapoints): string {
  return csvDocument(
    priceCsvHeader,
    matrix.rows.flatMap((row) => countryLines(row, matrix, datapoints)),
  );
}
