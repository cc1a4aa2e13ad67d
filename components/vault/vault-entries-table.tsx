import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TableScrollBox } from "@/components/ui/table-scroll-box";
import type { VaultEntryRow } from "@/lib/vault/entry-view";
import { markedLabel } from "@/lib/vocabulary/words.shared";

const when = (timestamp: string | null) => (timestamp ? timestamp.replace("T", " ").replace(/\.\d+Z$|Z$/, " UTC") : "never");

/** A workspace's vault entries: metadata only, with expiry badges and where each entry comes from. */
export function VaultEntriesTable({ rows, workspace }: { rows: VaultEntryRow[]; workspace: string }) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{workspace} holds no credentials and inherits none.</p>;
  return (
    <TableScrollBox label={`Vault entries of ${workspace}`}>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Source</TableHead>
            <TableHead>Where from</TableHead>
            <TableHead>Origin</TableHead>
            <TableHead>Shape</TableHead>
            <TableHead>Version</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Updated</TableHead>
            <TableHead>Expires</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.sourceKey} data-source={row.sourceKey}>
              <TableCell>{markedLabel("vaultSource", row.sourceKey)}</TableCell>
              <TableCell>
                <Badge variant={row.from === "set here" ? "secondary" : "outline"}>{row.from}</Badge>
              </TableCell>
              <TableCell>{row.origin}</TableCell>
              <TableCell>{row.shape}</TableCell>
              <TableCell>{row.version}</TableCell>
              <TableCell>{when(row.createdAt)}</TableCell>
              <TableCell>{when(row.updatedAt)}</TableCell>
              <TableCell>
                {when(row.expiresAt)}{" "}
                {row.expiryBadge && <Badge variant={row.expiryBadge === "expired" ? "destructive" : "warning"}>{row.expiryBadge}</Badge>}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScrollBox>
  );
}
