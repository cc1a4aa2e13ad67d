import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { BatchCsvRow } from "@/lib/batches/batch-csv";
import { countryWords } from "@/lib/registry/countries.shared";

/** A customer list's rows before anything is stored or sent: ready to match, or what is wrong with each. */
export function BatchPreviewTable({ rows }: { rows: readonly BatchCsvRow[] }) {
  return (
    <Table aria-label="Rows in the file" stacked>
      <TableHeader>
        <TableRow>
          <TableHead className="w-14">Row</TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Country</TableHead>
          <TableHead>Registration number</TableHead>
          <TableHead>Problems</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.rowNumber} data-row={row.rowNumber}>
            <TableCell data-label="Row" className="tabular-nums">
              {row.rowNumber}
            </TableCell>
            <TableCell data-label="Name" className="max-w-64 [overflow-wrap:anywhere]">
              {row.name}
            </TableCell>
            <TableCell data-label="Country">{row.countryCode ? countryWords(row.countryCode) : row.country}</TableCell>
            <TableCell data-label="Registration number" className="[overflow-wrap:anywhere]">
              {row.number}
            </TableCell>
            <TableCell data-label="Problems">
              {row.problems.length === 0 ? (
                <Badge variant="success">Ready</Badge>
              ) : (
                <ul className="space-y-1 text-sm text-destructive [overflow-wrap:anywhere]">
                  {row.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
