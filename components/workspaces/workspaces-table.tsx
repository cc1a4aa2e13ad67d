import Link from "next/link";
import { CreditCentsAmount } from "@/components/billing/credit-cents-amount";
import { Badge } from "@/components/ui/badge";
import { TableScrollBox } from "@/components/ui/table-scroll-box";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { WorkspaceRow } from "@/lib/workspaces/workspace-rows";
import { LegalNameEditor, type ChangeLegalName } from "./legal-name-editor";

type Props = {
  rows: WorkspaceRow[];
  /** The usage column's period, in words; undefined when usage could not be read (the page says why, once). */
  periodLabel?: string;
  /** For admins: the legal-name editor's action. */
  changeLegalName?: ChangeLegalName;
};

const unknown = <span className="text-muted-foreground">unknown</span>;

/** The workspaces, one row each: what the registry says of them, their usage in the period, and their override. */
export function WorkspacesTable({ rows, periodLabel, changeLegalName }: Props) {
  return (
    <TableScrollBox label="Workspaces">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Legal name</TableHead>
            <TableHead>UBO access</TableHead>
            <TableHead className="text-right">Usage{periodLabel && `, ${periodLabel}`}</TableHead>
            <TableHead>High-usage override</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.name}>
              <TableCell className="font-mono">
                {row.name} {row.isDefault && <Badge variant="secondary">default</Badge>}
              </TableCell>
              <TableCell>
                {changeLegalName && row.id ? (
                  <LegalNameEditor name={row.name} legalName={row.legalName ?? ""} change={changeLegalName} />
                ) : row.id ? (
                  (row.legalName ?? <span className="text-muted-foreground">none</span>)
                ) : (
                  unknown
                )}
              </TableCell>
              <TableCell>{row.uboEnabled === undefined ? unknown : row.uboEnabled ? "enabled" : "disabled"}</TableCell>
              <TableCell className="text-right">
                {row.usage ? (
                  <>
                    <CreditCentsAmount cents={row.usage.totalCreditCents} />
                    {row.usage.requestCount !== undefined && (
                      <span className="block text-xs text-muted-foreground">
                        {row.usage.requestCount} {row.usage.requestCount === 1 ? "request" : "requests"}
                      </span>
                    )}
                  </>
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </TableCell>
              <TableCell>
                {row.id ? (
                  <Link className="underline underline-offset-2" href={`/billing/workspace?id=${encodeURIComponent(row.id)}`}>
                    Its override in Billing<span className="sr-only"> for {row.name}</span>
                  </Link>
                ) : (
                  <span className="text-muted-foreground">open it in Billing by its id</span>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScrollBox>
  );
}
