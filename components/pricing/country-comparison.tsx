import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/cn.shared";
import type { Comparison } from "@/lib/pricing/price-comparison";
import { capitalised, datapointLabel, modeLabel } from "@/lib/pricing/price-labels";
import { countryNames } from "@/lib/registry/countries.shared";
import { priceCellText } from "./price-cell-text";

type Line = { key: string; what: string; values: [string, string]; differs: boolean };

const statusText = (status: string | undefined, catalogRead: boolean) =>
  !catalogRead ? "Unknown (catalog not read)" : status ? capitalised(status) : "Not stated";

const documentsText = (documents: Comparison["includedDocuments"]["values"][number]) =>
  documents.length ? documents.map(({ block, documents: names }) => `${block}: ${names.join(", ")}`).join("; ") : "None";

const monitoredText = (datapoints: string[]) => (datapoints.length ? datapoints.map(datapointLabel).join(", ") : "None");

function lines(comparison: Comparison, catalogRead: boolean): Line[] {
  const { developmentStatus, includedDocuments, monitoredAtNoCost } = comparison;
  return [
    {
      key: "status",
      what: "Development status",
      values: [statusText(developmentStatus.values[0], catalogRead), statusText(developmentStatus.values[1], catalogRead)],
      differs: catalogRead && developmentStatus.differs,
    },
    ...comparison.prices.map((p) => ({
      key: `${p.datapoint}:${p.mode}`,
      what: `${datapointLabel(p.datapoint)} · ${modeLabel(p.mode)}`,
      values: [priceCellText(p.cells[0]), priceCellText(p.cells[1])] as [string, string],
      differs: p.differs,
    })),
    {
      key: "documents",
      what: "Included documents",
      values: [documentsText(includedDocuments.values[0]), documentsText(includedDocuments.values[1])],
      differs: includedDocuments.differs,
    },
    {
      key: "monitoring",
      what: "Monitored at no cost",
      values: [monitoredText(monitoredAtNoCost.values[0]), monitoredText(monitoredAtNoCost.values[1])],
      differs: monitoredAtNoCost.differs,
    },
  ];
}

/** Two countries' price lists in two columns; each line where they differ is highlighted and says so in words. */
export function CountryComparison({ comparison, catalogRead }: { comparison: Comparison; catalogRead: boolean }) {
  const [a, b] = comparison.countries;
  const all = lines(comparison, catalogRead);
  const differing = all.filter((line) => line.differs).length;
  return (
    <Table aria-label={`${countryNames[a]} and ${countryNames[b]} side by side`} data-testid="price-comparison">
      <TableCaption>
        {countryNames[a]} and {countryNames[b]} side by side, prices in credits: {differing} of {all.length} lines differ.
      </TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">What</TableHead>
          <TableHead scope="col">
            {countryNames[a]} ({a})
          </TableHead>
          <TableHead scope="col">
            {countryNames[b]} ({b})
          </TableHead>
          <TableHead scope="col">Difference</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {all.map((line) => (
          <TableRow key={line.key} data-line={line.key} data-differs={line.differs} className={cn(line.differs && "bg-warning/10")}>
            <TableHead scope="row" className="font-medium text-foreground">
              {line.what}
            </TableHead>
            <TableCell className={cn(line.differs && "font-semibold")}>{line.values[0]}</TableCell>
            <TableCell className={cn(line.differs && "font-semibold")}>{line.values[1]}</TableCell>
            <TableCell>
              {line.differs ? <Badge variant="warning">Differs</Badge> : <span className="text-muted-foreground">Same</span>}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
