import Link from "next/link";
import { CompanyLink } from "@/components/dossier/company-link";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { BatchRowRecord } from "@/db/schema";
import { countryWords } from "@/lib/registry/countries.shared";
import { words } from "@/lib/vocabulary/words.shared";

const matchVariants = {
  pending: "outline",
  matched: "success",
  ambiguous: "warning",
  not_found: "destructive",
  invalid: "destructive",
  duplicate: "secondary",
} as const;

const outcomeVariants = {
  pending: "outline",
  sending: "secondary",
  ordered: "default",
  completed: "success",
  skipped: "secondary",
  refused: "destructive",
  unknown: "warning",
} as const;

/** A batch's rows: as given, how each was matched (reason and score), and what became of it (outcome and why). */
export function BatchRowsTable({ rows }: { rows: readonly BatchRowRecord[] }) {
  return (
    <Table aria-label="Rows of the list" stacked>
      <TableHeader>
        <TableRow>
          <TableHead className="w-14">Row</TableHead>
          <TableHead>As given</TableHead>
          <TableHead>Match</TableHead>
          <TableHead>Outcome</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const match = words("batchMatchState", row.matchState);
          const outcome = words("batchRowOutcome", row.outcome);
          return (
            <TableRow key={row.id} data-row={row.rowNumber} data-match={row.matchState} data-outcome={row.outcome}>
              <TableCell data-label="Row" className="align-top tabular-nums">
                {row.rowNumber}
              </TableCell>
              <TableCell data-label="As given" className="max-w-64 align-top text-sm [overflow-wrap:anywhere]">
                <div>{row.input.name || row.input.number || "—"}</div>
                <div className="text-xs text-muted-foreground">
                  {countryWords(row.countryCode)}
                  {row.input.name && row.input.number && <> · {row.input.number}</>}
                  {row.input.caseReference && <> · case {row.input.caseReference}</>}
                </div>
                {row.problems.length > 0 && (
                  <ul className="mt-1 space-y-0.5 text-xs text-destructive">
                    {row.problems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ul>
                )}
              </TableCell>
              <TableCell data-label="Match" className="max-w-80 min-w-40 align-top text-sm [overflow-wrap:anywhere]">
                <Badge variant={matchVariants[row.matchState]} title={match.explanation}>
                  {match.label}
                </Badge>
                {row.companyId && (
                  <div className="mt-1">
                    <CompanyLink countryCode={row.countryCode} id={row.companyId}>
                      {row.companyName ?? row.companyId}
                    </CompanyLink>
                  </div>
                )}
                {row.matchReason && <div className="text-xs text-muted-foreground">{row.matchReason}</div>}
              </TableCell>
              <TableCell data-label="Outcome" className="max-w-72 min-w-36 align-top text-sm [overflow-wrap:anywhere]">
                <Badge variant={outcomeVariants[row.outcome]} title={outcome.explanation}>
                  {outcome.label}
                </Badge>
                {row.outcomeReason && <div className="text-xs text-muted-foreground">{row.outcomeReason}</div>}
                {row.ceilingCredits !== null && row.outcome === "pending" && (
                  <div className="text-xs text-muted-foreground tabular-nums">
                    at most {row.ceilingCredits.toLocaleString("en")} credits
                  </div>
                )}
                {row.requestId && (
                  <div>
                    <Link
                      href={`/requests/${encodeURIComponent(row.requestId)}`}
                      className="text-xs text-primary underline underline-offset-4"
                    >
                      See the request
                    </Link>
                  </div>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
