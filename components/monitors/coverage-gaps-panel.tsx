import Link from "next/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Registry } from "@/lib/connections/registry-for";
import { coverageGaps } from "@/lib/monitors/coverage-gaps";
import { ErrorWords } from "@/components/connections/error-words";
import { label, markedLabel } from "@/lib/vocabulary/words.shared";

/**
 * Coverage gaps: every monitored company of the connection with a datapoint the registry does not fetch until the
 * vault holds a source's credentials, with that source and where to supply it. Shown empty rather than hidden, so
 * "no gaps" is a statement. A server component: `canSupply` (the viewer may manage the vault) decides the link.
 */
export async function CoverageGapsPanel({ registry, canSupply }: { registry: Registry; canSupply: boolean }) {
  const { gaps, sourcesError } = await coverageGaps(registry);
  return (
    <section aria-labelledby="coverage-gaps-title">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 id="coverage-gaps-title">Coverage gaps</h2>
          </CardTitle>
          <CardDescription>
            Monitored companies whose datapoints are blocked until the vault holds the credentials of their source; the other datapoints are
            monitored meanwhile.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          {sourcesError && (
            <div role="status" className="text-sm text-muted-foreground">
              The vault&apos;s sources could not be read (<ErrorWords error={sourcesError} />
              ), so the missing source is unknown.
            </div>
          )}
          {gaps.length === 0 ? (
            <p className="text-sm">No coverage gaps.</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Company</TableHead>
                  <TableHead>Datapoint</TableHead>
                  <TableHead>Registry&apos;s message</TableHead>
                  <TableHead>Missing credentials</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {gaps.map((gap) => (
                  <TableRow key={`${gap.monitorId} ${gap.datapoint}`}>
                    <TableCell className="[overflow-wrap:anywhere]">
                      <Link href={`/monitors/${encodeURIComponent(gap.monitorId)}`} className="text-primary underline underline-offset-4">
                        {gap.companyName ?? gap.companyId}
                      </Link>
                      <div className="text-xs text-muted-foreground">
                        {gap.countryCode} · {gap.companyId}
                      </div>
                    </TableCell>
                    <TableCell>{label("datapoint", gap.datapoint)}</TableCell>
                    <TableCell className="[overflow-wrap:anywhere]">{gap.message ?? "The registry gave no message."}</TableCell>
                    <TableCell>
                      <SupplyCredentials source={gap.source} canSupply={canSupply} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function SupplyCredentials({ source, canSupply }: { source: string | undefined; canSupply: boolean }) {
  const href = source ? `/vault?${new URLSearchParams({ source })}` : "/vault";
  return (
    <div className="space-y-1">
      <p>{source ? markedLabel("vaultSource", source) : "Source unknown (the registry's vault sources do not name it)"}</p>
      {canSupply ? (
        <Link href={href} className="text-sm text-primary underline underline-offset-4">
          {source ? `Supply ${label("vaultSource", source)} credentials in the Vault` : "Open the Vault"}
        </Link>
      ) : (
        <p className="text-xs text-muted-foreground">An admin supplies them in the Vault.</p>
      )}
    </div>
  );
}
