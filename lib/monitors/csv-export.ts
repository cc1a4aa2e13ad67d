import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { db } from "@/db/client";
import { monitors, type MonitorRow } from "@/db/schema";
import type { RegistryClient } from "@/lib/registry/client";
import type { Monitor } from "@/lib/registry/schemas.shared";
import type { CsvRows } from "@/lib/csv/csv-stream";
import { importColumns } from "./csv-rows.shared";

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

/** One monitor as the cells of its line, the console's record beside the registry's. */
export function monitorCsvCells(row: ExportedMonitor): string[] {
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
}

/** Each listed monitor beside what the console keeps of it (none for a monitor started elsewhere), read for this page only. */
async function withMirrors(connectionId: string, listed: readonly Monitor[]): Promise<ExportedMonitor[]> {
  if (listed.length === 0) return [];
  const ids = listed.map((m) => m.id);
  const mirrored = await db()
    .select()
    .from(monitors)
    .where(and(eq(monitors.connectionId, connectionId), inArray(monitors.monitorId, ids)));
  const byId = new Map(mirrored.map((m) => [m.monitorId, m]));
  return listed.map((monitor) => ({ monitor, mirror: byId.get(monitor.id) }));
}

/**
 * Every monitor of the connection as CSV lines, one page of `GET /v2/monitors` (a free read) at a time, each beside
 * the console's record. The first page is read before this resolves, so a refusal of the registry is still answered
 * with its own status; a later one breaks the download off.
 */
export async function monitorCsvBatches(connectionId: string, client: RegistryClient): Promise<AsyncGenerator<CsvRows>> {
  const first = await client.listMonitors({ first: exportPageSize });
  return (async function* () {
    let page = first;
    for (let read = 1; ; read++) {
      yield (await withMirrors(connectionId, page.monitors)).map(monitorCsvCells);
      if (!page.hasNextPage || !page.nextCursor || read >= maxPages) return;
      page = await client.listMonitors({ first: exportPageSize, after: page.nextCursor });
    }
  })();
}
