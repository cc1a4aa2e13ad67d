/** Safe to import from client components. */

type StatusMap = Record<string, { status?: string } | undefined> | undefined;
type WithDataStatus = { request?: { dataStatus?: { dataPoints?: StatusMap; documents?: StatusMap } } };

/** Statuses that will still change. Any other value, known or not, is final. */
const pending = new Set(["in_progress", "enriching"]);

/** True when every datapoint and document of the snapshot has reached a final state (and there is at least one). */
export function isRequestComplete(snapshot: WithDataStatus | undefined | null): boolean {
  const status = snapshot?.request?.dataStatus;
  const entries = [...Object.values(status?.dataPoints ?? {}), ...Object.values(status?.documents ?? {})];
  return entries.length > 0 && entries.every((entry) => !pending.has(entry?.status ?? "in_progress"));
}
