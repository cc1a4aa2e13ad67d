import "server-only";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/require-role";
import type { Registry } from "@/lib/connections/registry-for";
import { autoRetryMaxSeconds } from "@/lib/registry/client";
import { RegistryError, type RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import { isValidRow, type CsvRow, type ValidCsvRow } from "./csv-rows.shared";
import { startMonitor } from "./start-monitor";

/** Rows started at once: enough to finish 1,000 rows in reasonable time, few enough not to flood the registry. */
export const importConcurrency = 4;

type Sent = Pick<CsvRow, "row" | "country" | "companyId">;

/** What became of one row of the file. */
export type ImportOutcome = Sent &
  (
    | { kind: "created" | "already_monitored"; monitorId: string; blockedDatapoints: string[] }
    | { kind: "refused"; refusal: RegistryErrorInfo }
    /** The registry asked for a pause longer than the import waits: the row was never sent. */
    | { kind: "not_sent"; reason: string }
    /** The row has errors (see the preview): it was never sent. */
    | { kind: "invalid"; errors: string[] }
  );

export type ImportOutcomeKind = ImportOutcome["kind"];

export type ImportSummary = { outcomes: ImportOutcome[]; counts: Record<ImportOutcomeKind, number> };

type Dependencies = { sleep: (ms: number) => Promise<void>; now: () => number };

const defaults: Dependencies = { sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)), now: () => Date.now() };

/** The metadata a monitor started from a file carries, as the single start form prefills it. */
export function importedMetadata(row: ValidCsvRow, requestedBy: string): Record<string, string> {
  return { ...(row.caseReference && { caseReference: row.caseReference }), requestedBy };
}

async function startRow(user: SessionUser, registry: Registry, row: ValidCsvRow): Promise<ImportOutcome> {
  const sent = { row: row.row, country: row.country, companyId: row.companyId };
  try {
    const { monitor, alreadyMonitored } = await startMonitor(user, registry, {
      countryCode: row.country,
      companyId: row.companyId,
      metadata: importedMetadata(row, user.email),
      caseReference: row.caseReference || null,
    });
    return {
      ...sent,
      kind: alreadyMonitored ? "already_monitored" : "created",
      monitorId: monitor.id,
      blockedDatapoints: (monitor.datapointNotices ?? []).map((n) => n.datapoint),
    };
  } catch (error) {
    if (error instanceof RegistryError) return { ...sent, kind: "refused", refusal: error.toInfo() };
    throw error;
  }
}

/**
 * Starts a monitor for every valid row through `registry`, `importConcurrency` at a time, each through
 * startMonitor (mirrored and audited one by one), then audits the import with its counts. Starting is
 * create-or-retrieve at the registry, so running the same file again is safe: its rows come back "already
 * monitored". A 429 honours Retry-After: the rows still to send wait for it when it is short (as the client waits
 * for a GET), and are left unsent, with the wait named, when it is longer.
 */
export async function importMonitors(
  user: SessionUser,
  registry: Registry,
  rows: readonly CsvRow[],
  dependencies: Dependencies = defaults,
): Promise<ImportSummary> {
  const { sleep, now } = dependencies;
  const valid = rows.filter(isValidRow);
  const results = new Map<number, ImportOutcome>();
  let next = 0;
  let resumeAt = 0;
  let stoppedFor: number | undefined;

  const worker = async () => {
    for (;;) {
      const wait = resumeAt - now();
      if (wait > 0) await sleep(wait);
      // Checked after the wait: meanwhile other workers may have taken the last rows, or met a long 429.
      if (next >= valid.length || stoppedFor !== undefined) return;
      const row = valid[next++]!;
      const outcome = await startRow(user, registry, row);
      results.set(row.row, outcome);
      if (outcome.kind === "refused" && outcome.refusal.status === 429) {
        const seconds = outcome.refusal.retryAfter ?? 1;
        if (seconds > autoRetryMaxSeconds) stoppedFor = seconds;
        else resumeAt = Math.max(resumeAt, now() + seconds * 1000);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(importConcurrency, valid.length) }, worker));

  const outcomes = rows.map((row): ImportOutcome => {
    const sent = { row: row.row, country: row.country, companyId: row.companyId };
    if (!isValidRow(row)) return { ...sent, kind: "invalid", errors: row.errors };
    return (
      results.get(row.row) ?? {
        ...sent,
        kind: "not_sent",
        reason: `Not sent: the registry asked to wait ${stoppedFor} s. Run the same file again after that; rows already started come back as already monitored.`,
      }
    );
  });
  const counts: ImportSummary["counts"] = { created: 0, already_monitored: 0, refused: 0, not_sent: 0, invalid: 0 };
  for (const outcome of outcomes) counts[outcome.kind] += 1;
  await audit(user, "monitors.imported", registry.connection.name, { connectionId: registry.connection.id, rows: rows.length, ...counts });
  return { outcomes, counts };
}
