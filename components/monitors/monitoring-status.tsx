import Link from "next/link";
import type { MonitorRecord } from "@/lib/monitors/monitor-records";

const when = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ");

/**
 * The "Monitoring" block of a dossier or company page: the monitor watching this company on this connection, or
 * that none does, with the start button (`children`) for those who may start one.
 */
export function MonitoringStatus({ record, children }: { record: MonitorRecord | undefined; children?: React.ReactNode }) {
  return (
    <section aria-labelledby="monitoring-heading" className="space-y-2 rounded-lg border p-4">
      <h2 id="monitoring-heading" className="text-lg font-semibold">
        Monitoring
      </h2>
      {record ? (
        <div className="space-y-1 text-sm">
          <p>
            Monitored since {when(record.startedAt)} UTC
            {record.startedByEmail ? `, started by ${record.startedByEmail}` : ", started outside this console"}
            {record.caseReference && ` (case ${record.caseReference})`}.{" "}
            <Link href={`/monitors/${encodeURIComponent(record.monitorId)}`} className="text-primary underline underline-offset-4">
              Open the monitor
            </Link>
          </p>
          {record.deactivation && (
            <p className="text-destructive">
              Deactivated on {when(record.deactivation.at)} UTC: {record.deactivation.reason ?? "the registry deactivated it."}
            </p>
          )}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Not monitored through this connection.</p>
      )}
      {children}
    </section>
  );
}
