import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { ImportOutcome } from "@/lib/monitors/csv-import";
import type { CsvRow } from "@/lib/monitors/csv-rows.shared";
import { ErrorWords } from "@/components/connections/error-words";
import { seconds } from "@/lib/vocabulary/units.shared";
import { label } from "@/lib/vocabulary/words.shared";

/** The file's rows before anything is sent: ready, or what is wrong with each. */
export function ImportPreviewTable({ rows }: { rows: readonly CsvRow[] }) {
  return (
    <Table aria-label="Rows in the file">
      <TableHeader>
        <TableRow>
          <TableHead className="w-16">Row</TableHead>
          <TableHead className="w-20">Country</TableHead>
          <TableHead>Company id</TableHead>
          <TableHead>Case reference</TableHead>
          <TableHead>Check</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.row}>
            <TableCell>{row.row}</TableCell>
            <TableCell>{row.country}</TableCell>
            <TableCell className="[overflow-wrap:anywhere]">{row.companyId}</TableCell>
            <TableCell className="max-w-64 truncate" title={row.caseReference}>
              {row.caseReference}
            </TableCell>
            <TableCell>
              {row.errors.length === 0 ? (
                <Badge variant="success">Ready</Badge>
              ) : (
                <ul className="space-y-1 text-sm text-destructive">
                  {row.errors.map((error) => (
                    <li key={error}>{error}</li>
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

export const outcomeLabels: Record<ImportOutcome["kind"], string> = {
  created: "Created",
  already_monitored: "Already monitored",
  refused: "Refused",
  not_sent: "Not sent",
  invalid: "Not sent (errors)",
};

function OutcomeDetail({ outcome }: { outcome: ImportOutcome }) {
  switch (outcome.kind) {
    case "created":
    case "already_monitored":
      return (
        <>
          <code>{outcome.monitorId}</code>
          {outcome.blockedDatapoints.length > 0 &&
            ` · blocked until credentials are supplied: ${outcome.blockedDatapoints.map((d) => label("datapoint", d)).join(", ")}`}
        </>
      );
    case "refused": {
      const { code, message, status, retryAfter } = outcome.refusal;
      return (
        <>
          <ErrorWords error={{ code, message, status }} />
          {retryAfter !== undefined && ` Retry after ${seconds(retryAfter)}.`}
        </>
      );
    }
    case "not_sent":
      return <>{outcome.reason}</>;
    case "invalid":
      return <>{outcome.errors.join(" ")}</>;
  }
}

const outcomeVariants = {
  created: "success",
  already_monitored: "secondary",
  refused: "destructive",
  not_sent: "outline",
  invalid: "outline",
} as const;

/** What became of each row once the import ran. */
export function ImportOutcomesTable({ outcomes }: { outcomes: readonly ImportOutcome[] }) {
  return (
    <Table aria-label="Outcome per row">
      <TableHeader>
        <TableRow>
          <TableHead className="w-16">Row</TableHead>
          <TableHead className="w-20">Country</TableHead>
          <TableHead>Company id</TableHead>
          <TableHead>Outcome</TableHead>
          <TableHead>Details</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {outcomes.map((outcome) => (
          <TableRow key={outcome.row}>
            <TableCell>{outcome.row}</TableCell>
            <TableCell>{outcome.country}</TableCell>
            <TableCell className="[overflow-wrap:anywhere]">{outcome.companyId}</TableCell>
            <TableCell>
              <Badge variant={outcomeVariants[outcome.kind]}>{outcomeLabels[outcome.kind]}</Badge>
            </TableCell>
            <TableCell className="text-sm [overflow-wrap:anywhere]">
              <OutcomeDetail outcome={outcome} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
