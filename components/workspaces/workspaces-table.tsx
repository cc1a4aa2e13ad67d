import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { TableScrollBox } from "@/components/ui/table-scroll-box";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { count, credits } from "@/lib/vocabulary/units.shared";
import type { WorkspaceRow } from "@/lib/workspaces/workspace-rows";
import { DeleteWorkspaceForm, type RequestWorkspaceDelete } from "./delete-workspace-form";
import { LegalNameEditor, type ChangeLegalName } from "./legal-name-editor";
import { UboAccessSwitch, type RequestUboAccess } from "./ubo-access-switch";

type Props = {
  rows: WorkspaceRow[];
  /** The spend column's window in words ("in the last 30 days"); undefined when spend could not be read (the page says why, once). */
  windowWords?: string;
  /** For admins: the legal-name editor's action. */
  changeLegalName?: ChangeLegalName;
  /** For admins: the dual-control requests (UBO access, delete) and what already waits for a second admin, by workspace. */
  sensitive?: { requestUboAccess: RequestUboAccess; requestDelete: RequestWorkspaceDelete; waiting: Record<string, string[]> };
};

const unknown = <span className="text-muted-foreground">unknown</span>;

/** The workspaces, one row each: what the registry says of them, their usage in the period, and their override. */
export function WorkspacesTable({ rows, windowWords, changeLegalName, sensitive }: Props) {
  return (
    <TableScrollBox label="Workspaces">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Legal name</TableHead>
            <TableHead>UBO access</TableHead>
            <TableHead className="text-right">Spend{windowWords && ` ${windowWords}`}</TableHead>
            <TableHead>High-usage override</TableHead>
            {sensitive && <TableHead>Delete</TableHead>}
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
              <TableCell>
                <div className="space-y-1">
                  <span>{row.uboEnabled === undefined ? unknown : row.uboEnabled ? "enabled" : "disabled"}</span>
                  {sensitive?.waiting[row.name]?.map((what) => (
                    <Badge key={what} variant="warning" className="block w-fit">
                      {what}: waiting for a second admin
                    </Badge>
                  ))}
                  {sensitive && row.uboEnabled !== undefined && !sensitive.waiting[row.name] && (
                    <UboAccessSwitch name={row.name} enabled={row.uboEnabled} request={sensitive.requestUboAccess} />
                  )}
                </div>
              </TableCell>
              <TableCell className="text-right">
                {row.usage ? (
                  <>
                    <span className="tabular-nums">{credits(row.usage.credits)}</span>
                    {row.usage.requestCount !== undefined && (
                      <span className="block text-xs text-muted-foreground">{count(row.usage.requestCount, "request")}</span>
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
              {sensitive && (
                <TableCell>
                  {row.isDefault ? (
                    <span className="text-muted-foreground">the default workspace stays</span>
                  ) : sensitive.waiting[row.name] ? (
                    <span className="text-muted-foreground">a change is waiting</span>
                  ) : (
                    <DeleteWorkspaceForm name={row.name} request={sensitive.requestDelete} />
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScrollBox>
  );
}
