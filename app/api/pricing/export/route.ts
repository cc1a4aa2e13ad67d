import { audit } from "@/lib/audit/audit";
import { registryRoute } from "@/lib/registry-seam/registry-route";
import { errorResponse } from "@/lib/http/error-status";
import { countriesToRead, datapointsShown, parsePriceFilters } from "@/lib/pricing/price-filters";
import { priceMatrixCsv } from "@/lib/pricing/price-csv";
import { readPriceMatrix } from "@/lib/pricing/read-price-matrix";

/** The price list with /pricing's filters as CSV (prices in credits); a country the registry refused keeps a line with its error. */
export const GET = registryRoute("readPricing", async (request, _context: unknown, { user, registry }) => {
  const { filters, problems } = parsePriceFilters(request.nextUrl.searchParams);
  if (problems.length) return errorResponse({ code: "invalid_input", message: `Nothing was exported. ${problems.join(" ")}` });
  const opened = await registry();
  const { connection } = opened;
  const matrix = await readPriceMatrix(opened, countriesToRead(filters));
  const failed = matrix.rows.filter((row) => row.error).map((row) => row.country);
  await audit(user, "pricing.exported", connection.name, {
    connectionId: connection.id,
    countries: filters.compare ?? (filters.countries.length ? filters.countries : "all"),
    datapoint: filters.datapoint ?? "all",
    failed,
  });
  return new Response(priceMatrixCsv(matrix, datapointsShown(matrix.datapoints, filters)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="registry-desk-pricing-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});
