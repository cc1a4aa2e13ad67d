import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { monitors, type MonitorRow } from "@/db/schema";
import type { RegistryClient } from "@/lib/registry/client";
import type { Monitor } from "@/lib/registry/schemas";
import { csvDocument } from "@/lib/csv/csv-writer";
import { importColumns } from "./csv-rows";

/** Monitors asked for per page of `GET /v2/monitors` while exporting. */
export const exportPageSize = 100;
/** Pages read at most (100,000 monitors): a cursor that never ends cannot keep the export running forever. */
const maxPages = 1_000;

type MirrorFacts = Pick<
  MonitorRow,
  | "caseReference"
  | "startedByEmail"
  | "startedAt"
  | "lastCheckAt"
  | "lastFetchStatus"
  | "lastErrorMessage"
  | "deactivatedAt"
  | "deactivationReason"
>;

export type ExportedMonitor = { monitor: Monitor; mirror: MirrorFacts | undefined };

/** The first three columns are the import's, so the file (or those columns alone) imports as it is. */
export const monitorsCsvHeader = [
  ...importColumns,
  "company name",
  "monitor id",
  "started by",
  "started at",
  "last check at",
  "last check status",
  "last check error",
  "deactivated at",
  "deactivation reason",
];

const iso = (at: Date | null | undefined) => at?.toISOString() ?? "";

/** The case reference the console kept, else the one in the monitor's metadata (a monitor started elsewhere). */
const caseReferenceOf = ({ monitor, mirror }: ExportedMonitor) => mirror?.caseReference ?? monitor.metadata?.caseReference ?? "";

/** The monitors as CSV, through the one CSV writer. */
export function monitorsCsv(rows: readonly ExportedMonitor[]): string {
  return csvDocument(
    monitorsCsvHeader,
    rows.map((row) => {
      const { monitor, mirror } = row;
      return [
        monitor.countryCode,
        monitor.companyId,
        caseReferenceOf(row),
        monitor.companyName ?? "",
        monitor.id,
        mirror ? (mirror.startedByEmail ?? "started outside this console") : "started outside this console",
        iso(mirror?.startedAt) || (monitor.createdAt ?? ""),
        iso(mirror?.lastCheckAt) || (monitor.lastFetchedAt ?? ""),
        mirror?.lastFetchStatus ?? "",
        mirror?.lastErrorMessage ?? "",
        iso(mirror?.deactivatedAt),
        mirror?.deactivationReason ?? "",
      ];
    }),
  );
}

/** Every monitor of the connection, paging through `GET /v2/monitors` (a free read). */
export async function allMonitors(client: RegistryClient): Promise<Monitor[]> {
  const listed: Monitor[] = [];
  let after: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const result = await client.listMonitors({ first: exportPageSize, after });
    listed.push(...result.monitors);
    if (!result.hasNextPage || !result.nextCursor) break;
    after = result.nextCursor;
  }
  return listed;
}

/** Every monitor of the connection, each beside what the console keeps of it (none for a monitor started elsewhere). */
export async function monitorsForExport(connectionId: string, client: RegistryClient): Promise<ExportedMonitor[]> {
  const [listed, mirrored] = await Promise.all([
    allMonitors(client),
    db().select().from(monitors).where(eq(monitors.connectionId, connectionId)),
  ]);
  const byId = new Map(mirrored.map((m) => [m.monitorId, m]));
  return listed.map((monitor) => ({ monitor, mirror: byId.get(monitor.id) }));
}
