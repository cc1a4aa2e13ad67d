import { Ban, Link2 } from "lucide-react";
import { RegistryProblem } from "@/components/connections/registry-problem";
import { creditAmount } from "@/lib/vocabulary/units.shared";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/cn.shared";
import { datapointLabel, modeLabel } from "@/lib/pricing/price-labels";
import { priceCell, type CountryPrices, type CountryRow, type PriceCell, type PriceMatrix } from "@/lib/pricing/price-matrix";
import { countryNames } from "@/lib/registry/countries.shared";
import { DevelopmentStatusBadge } from "./development-status-badge";
import { priceCellText } from "./price-cell-text";

/** A mark that is the same in every mode (unavailable, included, not listed) spans the datapoint's mode columns. */
const spansModes = (cell: PriceCell) => cell.kind === "unavailable" || cell.kind === "included" || cell.kind === "not_listed";

function CellContent({ cell }: { cell: PriceCell }) {
  switch (cell.kind) {
    case "price":
      return cell.credits === 0 ? (
        <Badge variant="success">Free</Badge>
      ) : (
        <span className="tabular-nums">
          {creditAmount(cell.credits)}
          {cell.authoritative === false && (
            <>
              <span aria-hidden>*</span>
              <span className="sr-only"> (indicative)</span>
            </>
          )}
        </span>
      );
    case "not_stated":
      return <span className="text-muted-foreground italic">Not stated</span>;
    case "unavailable":
      return (
        <span className="inline-flex items-center gap-1 text-muted-foreground">
          <Ban className="size-3.5" aria-hidden /> Unavailable
        </span>
      );
    case "included":
      // Short in the cell (a block's datapoints would repeat the same sentence across the row); whole for screen readers and on hover.
      return (
        <span className="inline-flex items-center gap-1 text-muted-foreground" title={priceCellText(cell)}>
          <Link2 className="size-3.5" aria-hidden /> Included<span className="sr-only"> with {datapointLabel(cell.carrier)}</span>
        </span>
      );
    case "not_listed":
      return <span className="text-muted-foreground">Not listed</span>;
  }
}

function DatapointCells({ row, prices, datapoint, modes }: { row: CountryRow; prices: CountryPrices; datapoint: string; modes: string[] }) {
  const price = prices.datapoints.get(datapoint);
  const first = priceCell(price, modes[0] ?? "");
  const cells =
    spansModes(first) || modes.length === 0
      ? [{ mode: undefined, cell: first }]
      : modes.map((mode) => ({ mode, cell: priceCell(price, mode) }));
  return cells.map(({ mode, cell }) => (
    <TableCell
      key={mode ?? "all"}
      colSpan={mode ? undefined : Math.max(1, modes.length)}
      className="text-center text-sm whitespace-nowrap"
      title={cell.kind === "price" ? priceCellText(cell) : undefined}
      data-cell={`${row.country}:${datapoint}${mode ? `:${mode}` : ""}`}
      data-state={cell.kind === "price" && cell.credits === 0 ? "free" : cell.kind}
    >
      <CellContent cell={cell} />
    </TableCell>
  ));
}

function CountryHeader({ row }: { row: CountryRow }) {
  return (
    <TableHead scope="row" className="sticky left-0 z-10 bg-background font-medium whitespace-nowrap text-foreground">
      {countryNames[row.country]} <span className="text-xs text-muted-foreground">{row.country}</span>{" "}
      <DevelopmentStatusBadge status={row.developmentStatus} />
    </TableHead>
  );
}

/**
 * The price list as a matrix: a row per country, a column group per datapoint with a column per mode. Marks that
 * hold in every mode span the group; a country the registry refused shows its error across its row.
 */
export function PriceMatrixTable({ matrix, datapoints }: { matrix: PriceMatrix; datapoints: string[] }) {
  const { modes } = matrix;
  const span = Math.max(1, modes.length);
  return (
    <Table aria-label="Prices per country, datapoint and mode (scrolls sideways)" data-testid="price-matrix">
      <TableCaption>
        Prices in credits, per country, datapoint and mode, as each country&apos;s <code>GET /v2/pricing</code> states them.
      </TableCaption>
      <colgroup>
        <col />
        {datapoints.map((d) => (
          <col key={d} span={span} />
        ))}
        <col />
        <col />
      </colgroup>
      <TableHeader>
        <TableRow>
          <TableHead scope="col" rowSpan={2} className="sticky left-0 z-10 bg-background">
            Country
          </TableHead>
          {datapoints.map((d) => (
            <TableHead key={d} scope="colgroup" colSpan={span} className="border-l text-center">
              {datapointLabel(d)}
            </TableHead>
          ))}
          <TableHead scope="col" rowSpan={2} className="border-l">
            Included documents
          </TableHead>
          <TableHead scope="col" rowSpan={2}>
            Monitored at no cost
          </TableHead>
        </TableRow>
        <TableRow>
          {datapoints.flatMap((d) =>
            (modes.length ? modes : ["—"]).map((mode, index) => (
              <TableHead key={`${d}:${mode}`} scope="col" className={cn("h-8 text-center text-xs", index === 0 && "border-l")}>
                {modes.length ? modeLabel(mode) : "Price"}
              </TableHead>
            )),
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {matrix.rows.map((row) => (
          <TableRow key={row.country} data-country={row.country}>
            <CountryHeader row={row} />
            {row.prices ? (
              <>
                {datapoints.map((d) => (
                  <DatapointCells key={d} row={row} prices={row.prices} datapoint={d} modes={modes} />
                ))}
                <TableCell className="border-l text-sm">
                  {row.prices.includedDocuments.length === 0 ? (
                    <span className="text-muted-foreground">None</span>
                  ) : (
                    row.prices.includedDocuments.map(({ block, documents }) => (
                      <div key={block}>
                        <span className="text-muted-foreground">{block}:</span> {documents.join(", ")}
                      </div>
                    ))
                  )}
                </TableCell>
                <TableCell className="text-sm">
                  {row.prices.monitoredAtNoCost.length === 0 ? (
                    <span className="text-muted-foreground">None</span>
                  ) : (
                    row.prices.monitoredAtNoCost.map(datapointLabel).join(", ")
                  )}
                </TableCell>
              </>
            ) : (
              <TableCell colSpan={datapoints.length * span + 2}>
                <RegistryProblem what={`Reading the prices for ${countryNames[row.country]}`} error={row.error} />
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
