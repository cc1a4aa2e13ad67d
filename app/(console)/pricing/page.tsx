import type { Metadata } from "next";
import Link from "next/link";
import { ExportCsvLink } from "@/components/csv/export-csv-link";
import { NoConnectionNotice, RegistryProblem } from "@/components/connections/registry-problem";
import { FilterProblems } from "@/components/filters/filter-problems";
import { FilterForm, type FilterChoices, type FilterField } from "@/components/filters/filter-form";
import { CompareForm } from "@/components/pricing/compare-form";
import { CountryComparison } from "@/components/pricing/country-comparison";
import { PriceLegend } from "@/components/pricing/price-legend";
import { PriceMatrixTable } from "@/components/pricing/price-matrix-table";
import { can } from "@/lib/auth/capabilities.shared";
import { guardPage } from "@/lib/auth/guard-page";
import { noConnection } from "@/lib/connections/no-connection";
import { registryFor } from "@/lib/connections/registry-for";
import { comparePrices } from "@/lib/pricing/price-comparison";
import { countriesToRead, datapointsShown, parsePriceFilters, priceFilterQuery } from "@/lib/pricing/price-filters";
import { datapointLabel } from "@/lib/pricing/price-labels";
import { readPriceMatrix } from "@/lib/pricing/read-price-matrix";
import { countryNames, registryCountries } from "@/lib/registry/countries.shared";
import { datapointNames } from "@/lib/registry/schemas.shared";
import { settle } from "@/lib/registry/settle";

export const metadata: Metadata = { title: "Pricing" };

/**
 * The price list of the active connection: every country (or the filtered ones) × datapoint × mode, or two
 * countries side by side. Rendered whole on the server, so the filters (plain GET forms) work without JavaScript.
 */
export default async function PricingPage({ searchParams }: PageProps<"/pricing">) {
  const user = await guardPage("readPricing");
  const { filters, problems } = parsePriceFilters(await searchParams);

  const opened = await settle(registryFor());
  if (opened.error?.code === noConnection) {
    return <NoConnectionNotice message={opened.error.message} canAdd={can(user.role, "manageConnections")} />;
  }
  if (opened.error) return <RegistryProblem what="Opening the registry connection" error={opened.error} />;
  const registry = opened.value;

  const matrix = await readPriceMatrix(registry, countriesToRead(filters));
  const datapoints = datapointsShown(matrix.datapoints, filters);
  const comparison = filters.compare && comparePrices(matrix, filters.compare, datapoints);
  const query = priceFilterQuery(filters);
  const countries: FilterChoices = {
    name: "country",
    label: "Countries",
    values: filters.countries,
    anyLabel: "All countries",
    options: registryCountries.map((code) => ({ value: code, label: `${countryNames[code]} (${code})` })),
  };
  const fields: FilterField[] = [
    {
      name: "datapoint",
      label: "Datapoint",
      value: filters.datapoint,
      anyLabel: "All datapoints",
      options: datapointNames.map((d) => ({ value: d, label: datapointLabel(d) })),
    },
  ];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Pricing</h1>
          <p className="max-w-3xl text-sm text-muted-foreground">
            Through {registry.connection.name}. Prices are in credits, the unit the API states them in, per country, datapoint and mode
            (verification, onboarding). They are read from the registry at most every 10 minutes per connection. Company search is free.
          </p>
        </div>
        <ExportCsvLink href={`/api/pricing/export${query ? `?${query}` : ""}`} />
      </div>
      <div className="flex flex-wrap items-end gap-x-8 gap-y-3">
        <FilterForm label="Filter prices" fields={fields} choices={[countries]} clearHref="/pricing" />
        <CompareForm compare={filters.compare} datapoint={filters.datapoint} />
      </div>
      <FilterProblems problems={problems} />
      {filters.countries.length > 1 && !filters.compare && (
        <p className="text-sm text-muted-foreground">Showing {filters.countries.map((c) => countryNames[c]).join(", ")}.</p>
      )}
      {matrix.catalogError && (
        <p role="status" className="text-sm text-muted-foreground" data-testid="catalog-problem">
          Beta countries are not marked: reading the country catalog failed (<code>{matrix.catalogError.code}</code>:{" "}
          {matrix.catalogError.message}).
        </p>
      )}
      {filters.compare ? (
        <section aria-labelledby="comparison-heading" className="space-y-3">
          <div className="flex flex-wrap items-baseline gap-3">
            <h2 id="comparison-heading" className="text-lg font-semibold">
              {countryNames[filters.compare[0]]} and {countryNames[filters.compare[1]]}
            </h2>
            <Link
              href={`/pricing${filters.datapoint ? `?datapoint=${filters.datapoint}` : ""}`}
              className="text-sm text-primary underline-offset-4 hover:underline"
            >
              Back to every country
            </Link>
          </div>
          {matrix.rows.map(
            (row) =>
              row.error && (
                <RegistryProblem key={row.country} what={`Reading the prices for ${countryNames[row.country]}`} error={row.error} />
              ),
          )}
          {comparison && <CountryComparison comparison={comparison} catalogRead={!matrix.catalogError} />}
        </section>
      ) : (
        <PriceMatrixTable matrix={matrix} datapoints={datapoints} />
      )}
      <PriceLegend />
    </div>
  );
}
