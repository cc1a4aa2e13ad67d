import { Upload } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { ExportCsvLink } from "@/components/csv/export-csv-link";
import { FilterForm } from "@/components/filters/filter-form";
import { NoConnectionNotice, RegistryProblem } from "@/components/connections/registry-problem";
import { CoverageGapsPanel } from "@/components/monitors/coverage-gaps-panel";
import { HealthBadge } from "@/components/monitors/health-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { can } from "@/lib/auth/capabilities.shared";
import { guardPage } from "@/lib/auth/guard-page";
import { noConnection } from "@/lib/connections/no-connection";
import { registryFor } from "@/lib/connections/registry-for";
import { listMonitorsPage, type MonitorListRow } from "@/lib/monitors/list-monitors";
import { inactiveMonitorRecords, type MonitorRecord } from "@/lib/monitors/monitor-records";
import { countryNames, isRegistryCountry, registryCountries } from "@/lib/registry/countries.shared";
import { settle } from "@/lib/registry/settle";
import { ErrorWords } from "@/components/connections/error-words";
import { label } from "@/lib/vocabulary/words.shared";
import { utcMinute } from "@/lib/vocabulary/units.shared";

export const metadata: Metadata = { title: "Monitors" };

const text = (value: string | string[] | undefined) => (typeof value === "string" ? value.trim() : "");

export default async function MonitorsPage({ searchParams }: PageProps<"/monitors">) {
  const user = await guardPage("readMonitors");
  const params = await searchParams;
  const companyId = text(params.company) || undefined;
  const country = text(params.country);
  const countryCode = isRegistryCountry(country) ? country : undefined;
  const after = text(params.after) || undefined;

  const opened = await settle(registryFor());
  if (opened.error?.code === noConnection) {
    return <NoConnectionNotice message={opened.error.message} canAdd={can(user.role, "manageConnections")} />;
  }
  if (opened.error) return <RegistryProblem what="Opening the registry connection" error={opened.error} />;
  const registry = opened.value;
  const listed = await settle(listMonitorsPage(registry, { companyId, countryCode, after }, new Date()));
  const filtered = Boolean(companyId || countryCode);
  const inactive = filtered || after ? [] : await inactiveMonitorRecords(registry.connection.id);
  const query = (cursor?: string) =>
    `?${new URLSearchParams({ ...(companyId && { company: companyId }), ...(countryCode && { country: countryCode }), ...(cursor && { after: cursor }) })}`;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Monitors</h1>
          <p className="text-sm text-muted-foreground">
            Companies watched through {registry.connection.name}, checked daily by the registry.
            {listed.value && ` ${listed.value.total.toLocaleString("en")} ${filtered ? "match" : "in all"}.`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {can(user.role, "manageMonitors") && (
            <Button asChild variant="outline" size="sm">
              <Link href="/monitors/import">
                <Upload className="size-4" aria-hidden /> Import CSV
              </Link>
            </Button>
          )}
          <ExportCsvLink href="/api/monitors/export" />
        </div>
      </div>
      <Suspense fallback={<p className="text-sm text-muted-foreground">Reading coverage gaps…</p>}>
        <CoverageGapsPanel registry={registry} canSupply={can(user.role, "manageVault")} />
      </Suspense>
      <FilterForm
        label="Filter monitors"
        fields={[
          {
            name: "country",
            label: "Country",
            value: countryCode,
            anyLabel: "Any",
            options: registryCountries.map((code) => ({ value: code, label: `${countryNames[code]} (${code})` })),
          },
        ]}
        texts={[{ name: "company", label: "Company id", value: companyId, maxLength: 200 }]}
        clearHref="/monitors"
      />
      {listed.error && <RegistryProblem what="Listing the monitors" error={listed.error} />}
      {listed.value &&
        (listed.value.rows.length === 0 ? (
          <p role="status" className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            No monitors{filtered ? " match these filters" : " yet"}. Start one from a dossier or a company page.
          </p>
        ) : (
          <MonitorTable rows={listed.value.rows} />
        ))}
      {(after || listed.value?.hasNextPage) && (
        <nav className="flex items-center gap-3 text-sm" aria-label="Pages">
          {after && <Link href={`/monitors${query()}`}>First page</Link>}
          {listed.value?.hasNextPage && listed.value.nextCursor && (
            <Link href={`/monitors${query(listed.value.nextCursor)}`}>Next page</Link>
          )}
        </nav>
      )}
      {inactive.length > 0 && <InactiveMonitors records={inactive} />}
    </div>
  );
}

function MonitorTable({ rows }: { rows: MonitorListRow[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Company</TableHead>
          <TableHead>Started</TableHead>
          <TableHead>Last check</TableHead>
          <TableHead>Health</TableHead>
          <TableHead>Open alert</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map(({ monitor, record, lastCheck, checkError, health }) => (
          <TableRow key={monitor.id} data-monitor-id={monitor.id}>
            <TableCell className="max-w-sm">
              <Link
                href={`/monitors/${encodeURIComponent(monitor.id)}`}
                className="font-medium underline-offset-4 hover:underline [overflow-wrap:anywhere]"
              >
                {monitor.companyName ?? record?.companyName ?? monitor.companyId}
              </Link>
              <div className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                {monitor.countryCode} · {monitor.companyId}
              </div>
            </TableCell>
            <TableCell className="text-sm">
              {record?.startedByEmail ? (
                <>
                  <div className="[overflow-wrap:anywhere]">{record.startedByEmail}</div>
                  <div className="text-xs text-muted-foreground">{utcMinute(record.startedAt)}</div>
                </>
              ) : (
                <Badge variant="outline">Started outside this console</Badge>
              )}
              {record?.caseReference && (
                <div className="text-xs text-muted-foreground [overflow-wrap:anywhere]">Case {record.caseReference}</div>
              )}
            </TableCell>
            <TableCell className="text-sm">
              {lastCheck ? (
                <>
                  <div className="tabular-nums">{utcMinute(lastCheck.at)}</div>
                  <div className="text-xs text-muted-foreground">{label("monitorFetchStatus", lastCheck.fetchStatus)}</div>
                </>
              ) : (
                <span className="text-muted-foreground">No check yet</span>
              )}
            </TableCell>
            <TableCell>
              <HealthBadge health={health} />
              {checkError && (
                <div role="alert" className="text-xs text-destructive [overflow-wrap:anywhere]">
                  Reading its log failed: <ErrorWords error={checkError} />
                </div>
              )}
            </TableCell>
            <TableCell className="text-sm">
              {record?.openAlertId !== undefined ? (
                <Link href={`/alerts/${record.openAlertId}`} className="text-primary underline-offset-4 hover:underline">
                  Alert {record.openAlertId}
                </Link>
              ) : (
                <span className="text-muted-foreground">None</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Deactivated or stopped monitors, from the console's record: the registry no longer checks them. */
function InactiveMonitors({ records }: { records: MonitorRecord[] }) {
  return (
    <section aria-labelledby="inactive-heading" className="space-y-2">
      <h2 id="inactive-heading" className="text-lg font-semibold">
        No longer checked
      </h2>
      <ul className="divide-y rounded-md border text-sm">
        {records.map((record) => (
          <li key={record.monitorId} className="flex flex-wrap items-center gap-2 px-3 py-2" data-monitor-id={record.monitorId}>
            <Link href={`/monitors/${encodeURIComponent(record.monitorId)}`} className="font-medium underline-offset-4 hover:underline">
              {record.companyName ?? record.companyId}
            </Link>
            <span className="text-muted-foreground">
              {record.countryCode} · {record.companyId}
            </span>
            {record.deactivation ? (
              <Badge variant="outline" data-health="deactivated">
                Deactivated {utcMinute(record.deactivation.at)}
              </Badge>
            ) : (
              record.stopped && (
                // Wraps on a phone: the stopping user's address can be wider than the screen.
                <Badge variant="outline" className="whitespace-normal [overflow-wrap:anywhere]">
                  Stopped {utcMinute(record.stopped.at)}
                  {record.stopped.byEmail && ` by ${record.stopped.byEmail}`}
                </Badge>
              )
            )}
            {record.deactivation?.reason && <span className="text-muted-foreground">{record.deactivation.reason}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
