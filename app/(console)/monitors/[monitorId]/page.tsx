import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { NoConnectionNotice, RegistryProblem } from "@/components/connections/registry-problem";
import { DatapointNotices } from "@/components/monitors/datapoint-notices";
import { HealthBadge } from "@/components/monitors/health-badge";
import { Badge } from "@/components/ui/badge";
import { can } from "@/lib/auth/capabilities.shared";
import { guardPage } from "@/lib/auth/guard-page";
import { noConnection } from "@/lib/connections/no-connection";
import { registryFor } from "@/lib/connections/registry-for";
import { monitorHealth } from "@/lib/monitors/health";
import { labelledFields } from "@/lib/monitors/metadata-input.shared";
import { monitorRecord, recordMonitorSeen } from "@/lib/monitors/monitor-records";
import { recentTestRequests } from "@/lib/monitors/test-notification";
import { monitorLogsDefaultFirst } from "@/lib/registry/schemas.shared";
import { settle } from "@/lib/registry/settle";
import { CheckLog } from "./check-log";
import { MetadataForm } from "./metadata-form";
import { StopMonitorButton } from "./stop-monitor-button";
import { TestNotificationForm } from "./test-notification-form";
import { changeCategories } from "@/lib/registry/schemas.shared";
import { ErrorWords } from "@/components/connections/error-words";
import { utcMinute } from "@/lib/vocabulary/units.shared";

export const metadata: Metadata = { title: "Monitor" };

export default async function MonitorPage({ params, searchParams }: PageProps<"/monitors/[monitorId]">) {
  const user = await guardPage("readMonitors");
  const monitorId = decodeURIComponent((await params).monitorId);
  const cursor = (await searchParams).after;
  const after = typeof cursor === "string" && cursor ? cursor : undefined;

  const opened = await settle(registryFor());
  if (opened.error?.code === noConnection) {
    return <NoConnectionNotice message={opened.error.message} canAdd={can(user.role, "manageConnections")} />;
  }
  if (opened.error) return <RegistryProblem what="Opening the registry connection" error={opened.error} />;
  const { client, connection } = opened.value;
  const [details, logs] = await Promise.all([
    settle(client.getMonitor(monitorId)),
    settle(client.monitorLogs(monitorId, { first: monitorLogsDefaultFirst, after })),
  ]);
  const newest = !after ? logs.value?.logs[0] : undefined;
  if (details.value) {
    await recordMonitorSeen(
      connection.id,
      details.value,
      newest && { at: newest.createdAt, fetchStatus: newest.fetchStatus, errorMessage: newest.errorMessage ?? null },
    );
  }
  const [record, tests] = await Promise.all([monitorRecord(connection.id, monitorId), recentTestRequests(connection.id, monitorId)]);
  const gone = details.error?.status === 404;
  if (gone && !record) notFound();

  const monitor = details.value;
  const countryCode = monitor?.countryCode ?? record?.countryCode ?? "";
  const companyId = monitor?.companyId ?? record?.companyId ?? "";
  const companyName = monitor?.companyName ?? record?.companyName ?? companyId;
  const canManage = can(user.role, "manageMonitors") && Boolean(monitor);
  const health = monitorHealth(
    {
      startedAt: monitor?.createdAt ? new Date(monitor.createdAt) : record?.startedAt,
      lastCheck: newest
        ? { at: new Date(newest.createdAt), fetchStatus: newest.fetchStatus, errorMessage: newest.errorMessage }
        : record?.lastCheck,
      deactivation: record?.deactivation,
    },
    new Date(),
  );
  const metadataEntries = Object.entries(monitor?.metadata ?? record?.metadata ?? {}).map(([key, value]) => ({ key, value }));
  const logHref = (cursor?: string) =>
    `/monitors/${encodeURIComponent(monitorId)}${cursor ? `?${new URLSearchParams({ after: cursor })}` : ""}`;

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <p className="text-sm">
          <Link href="/monitors" className="text-muted-foreground underline underline-offset-4">
            Monitors
          </Link>
        </p>
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{companyName}</h1>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {countryCode} ·{" "}
          {countryCode && companyId ? (
            <Link href={`/companies/${countryCode}/${encodeURIComponent(companyId)}`} className="underline underline-offset-4">
              {companyId}
            </Link>
          ) : (
            companyId
          )}{" "}
          · monitor {monitorId}
        </p>
      </div>

      {record?.stopped && (
        <p role="status" className="rounded-md border px-4 py-2 text-sm">
          Monitoring stopped on {utcMinute(record.stopped.at)}
          {record.stopped.byEmail ? ` by ${record.stopped.byEmail}` : ""}. The registry no longer checks this company.
        </p>
      )}
      {record?.deactivation && (
        <p role="status" className="rounded-md border border-destructive/40 px-4 py-2 text-sm text-destructive">
          Deactivated on {utcMinute(record.deactivation.at)}: {record.deactivation.reason ?? "the registry deactivated this monitor."} The
          registry no longer checks it.
        </p>
      )}
      {gone && !record?.stopped && (
        <p role="status" className="rounded-md border px-4 py-2 text-sm">
          The registry no longer has this monitor; what is shown is this console&apos;s record.
        </p>
      )}
      {details.error && !gone && <RegistryProblem what="Reading the monitor" error={details.error} />}

      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">Health</dt>
        <dd>
          <HealthBadge health={health} />
        </dd>
        <dt className="font-medium">Started</dt>
        <dd>
          {record?.startedByEmail ? (
            `${utcMinute(record.startedAt)} by ${record.startedByEmail}`
          ) : (
            <Badge variant="outline">Started outside this console</Badge>
          )}
        </dd>
        <dt className="font-medium">Case reference</dt>
        <dd>{record?.caseReference ?? <span className="text-muted-foreground">None</span>}</dd>
        <dt className="font-medium">Open alert</dt>
        <dd>
          {record?.openAlertId !== undefined ? (
            <Link href={`/alerts/${record.openAlertId}`} className="text-primary underline underline-offset-4">
              Alert {record.openAlertId}
            </Link>
          ) : (
            <span className="text-muted-foreground">None</span>
          )}
        </dd>
      </dl>
      <DatapointNotices notices={monitor?.datapointNotices ?? []} />

      <section aria-labelledby="metadata-heading" className="space-y-3 rounded-lg border p-4">
        <h2 id="metadata-heading" className="text-lg font-semibold">
          Metadata
        </h2>
        {canManage ? (
          <MetadataForm monitorId={monitorId} initial={metadataEntries} />
        ) : metadataEntries.length ? (
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
            {metadataEntries.map(({ key, value }) => (
              <div key={key} className="contents">
                {/* The console's own keys read as their labels; a key someone typed is theirs, shown as typed. */}
                <dt>{labelledFields.find((field) => field.key === key)?.label ?? key}</dt>
                <dd className="[overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">No metadata.</p>
        )}
      </section>

      {logs.error && !gone && <RegistryProblem what="Reading the check log" error={logs.error} />}
      {logs.value && (
        <CheckLog
          logs={logs.value.logs}
          firstHref={after ? logHref() : undefined}
          nextHref={logs.value.hasNextPage && logs.value.nextCursor ? logHref(logs.value.nextCursor) : undefined}
        />
      )}

      {(canManage || tests.length > 0) && (
        <section aria-labelledby="test-heading" className="space-y-3 rounded-lg border p-4">
          <h2 id="test-heading" className="text-lg font-semibold">
            Test notifications
          </h2>
          <p className="text-sm text-muted-foreground">
            The registry delivers a real notification, indistinguishable from one a check sends; this console records each request first, so
            its alert is marked test.
          </p>
          {canManage && <TestNotificationForm monitorId={monitorId} categoryChoices={changeCategories} />}
          {tests.length > 0 && (
            <ul className="space-y-1 text-sm" aria-label="Test notifications asked for">
              {tests.map((test) => (
                <li key={test.id} className="flex flex-wrap items-center gap-2">
                  <span className="tabular-nums">{utcMinute(test.requestedAt)}</span>
                  <span>{test.requestedByEmail}</span>
                  <span>
                    {test.categories.join(", ")}
                    {test.deactivation && " (deactivation variant)"}
                  </span>
                  {test.failure ? (
                    <span className="text-destructive">
                      Refused: <ErrorWords error={test.failure} />
                    </span>
                  ) : test.alertId !== undefined ? (
                    <Link href={`/alerts/${test.alertId}`} className="text-primary underline underline-offset-4">
                      Received: test alert {test.alertId}
                    </Link>
                  ) : (
                    <span className="text-muted-foreground">Not received yet</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {canManage && !record?.stopped && (
        <section aria-labelledby="stop-heading" className="space-y-2">
          <h2 id="stop-heading" className="text-lg font-semibold">
            Stop monitoring
          </h2>
          <StopMonitorButton monitorId={monitorId} companyLabel={`${companyName} (${countryCode} ${companyId})`} />
        </section>
      )}
    </div>
  );
}
