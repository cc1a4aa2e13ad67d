import Link from "next/link";
import { RegistryProblem } from "@/components/connections/registry-problem";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TableScrollBox } from "@/components/ui/table-scroll-box";
import type { Registry } from "@/lib/connections/registry-for";
import type { VaultSource } from "@/lib/registry/schemas.shared";
import { neededByText } from "@/lib/vault/coverage-rows";
import { vaultCoverage } from "@/lib/vault/coverage";
import { label, markedLabel } from "@/lib/vocabulary/words.shared";

/**
 * Which sources each workspace lacks (neither set nor inherited), with the monitors blocked on them, and a link to
 * the form that supplies them. Streamed in its own Suspense boundary: it reads every workspace's vault.
 */
export async function VaultCoverage({
  registry,
  workspaces,
  sources,
}: {
  registry: Registry;
  workspaces: { name: string; isDefault?: boolean }[];
  sources: VaultSource[];
}) {
  const { rows, unread } = await vaultCoverage(registry, workspaces, sources);
  return (
    <div className="space-y-3">
      {unread.map(({ workspace, error }) => (
        <RegistryProblem key={workspace} what={`Reading the vault of ${workspace}`} error={error} />
      ))}
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Every workspace holds or inherits credentials for every source.</p>
      ) : (
        <TableScrollBox label="Sources each workspace lacks">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Workspace</TableHead>
                <TableHead>Lacks</TableHead>
                <TableHead>Waiting for it</TableHead>
                <TableHead>
                  <span className="sr-only">Supply</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={`${row.workspace}/${row.sourceKey}`} data-gap={`${row.workspace}/${row.sourceKey}`}>
                  <TableCell>{row.workspace}</TableCell>
                  <TableCell>{markedLabel("vaultSource", row.sourceKey)}</TableCell>
                  <TableCell>{neededByText(row)}</TableCell>
                  <TableCell>
                    <Link
                      className="underline"
                      href={`/vault?${new URLSearchParams({ workspace: row.workspace })}#source-${row.sourceKey}`}
                      aria-label={`Supply credentials for ${label("vaultSource", row.sourceKey)} on ${row.workspace}`}
                    >
                      Supply credentials
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScrollBox>
      )}
    </div>
  );
}
