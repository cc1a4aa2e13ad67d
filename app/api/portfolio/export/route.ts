import { audit } from "@/lib/audit/audit";
import { roleRoute } from "@/lib/auth/role-route";
import { csvResponse, csvStream } from "@/lib/csv/csv-stream";
import { searchParamsRecord } from "@/lib/http/search-params-record";
import { portfolioCsvCells, portfolioCsvHeader } from "@/lib/portfolio/portfolio-csv";
import { parsePortfolioFilters, portfolioFilterParams } from "@/lib/portfolio/portfolio-filters";
import { portfolioBatches } from "@/lib/portfolio/portfolio-list";

/** The portfolio as /portfolio filters it, every page of it, as CSV, streamed; audited with its filters and row count. */
export const GET = roleRoute("readPortfolio", async (request, _context: unknown, user) => {
  const { filters } = parsePortfolioFilters(searchParamsRecord(request.nextUrl.searchParams));
  const now = new Date();
  const batches = (async function* () {
    for await (const rows of portfolioBatches(filters, 500, now)) yield rows.map((row) => portfolioCsvCells(row, now));
  })();
  const body = csvStream(portfolioCsvHeader, batches, ({ rows, complete }) =>
    audit(user, "portfolio.exported", null, { ...portfolioFilterParams(filters), rows, ...(!complete && { incomplete: true }) }),
  );
  return csvResponse("portfolio", body);
});
