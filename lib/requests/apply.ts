import "server-only";
import { datapointSections, type CompanyResponse } from "@/lib/registry/schemas.shared";

/** What the console keeps per request: the merged snapshot and the highest version applied. */
export type StoredSnapshot = { version: number; snapshot: CompanyResponse };

export type ApplyResult = { outcome: "applied"; next: StoredSnapshot } | { outcome: "stale"; next: StoredSnapshot };

type Status = { status?: string };
export type DataStatus = { dataPoints?: Record<string, Status>; documents?: Record<string, Status> };

const succeeded = (entry: Status | undefined) => entry?.status === "succeeded";

/**
 * Applies one `company.updated` (or polled) snapshot to what is stored for its request. Per the spec:
 * a version lower than or equal to the stored one changes nothing ("stale"); a newer snapshot is merged
 * per datapoint, and a datapoint that has succeeded keeps its section (and status) when the newer
 * snapshot leaves it out. Pure: the same inputs always give the same result.
 */
export function applySnapshot(stored: StoredSnapshot | undefined, incoming: CompanyResponse): ApplyResult {
  const version = incoming.request.version ?? 0;
  if (stored && version <= stored.version) return { outcome: "stale", next: stored };
  if (!stored) return { outcome: "applied", next: { version, snapshot: incoming } };

  const before = stored.snapshot as Record<string, unknown> & { request: { dataStatus?: DataStatus } };
  const after: Record<string, unknown> = { ...(incoming as Record<string, unknown>) };
  const oldStatus = before.request.dataStatus ?? {};
  const newStatus: DataStatus = {
    dataPoints: { ...incoming.request.dataStatus?.dataPoints },
    documents: { ...incoming.request.dataStatus?.documents },
  };

  for (const [datapoint, entry] of Object.entries(oldStatus.dataPoints ?? {})) {
    if (!succeeded(entry)) continue;
    const sections = datapointSections[datapoint] ?? [datapoint];
    const dropped = !(datapoint in newStatus.dataPoints!) || sections.some((s) => after[s] === undefined && before[s] !== undefined);
    if (!dropped) continue;
    newStatus.dataPoints![datapoint] = entry;
    for (const section of sections) if (after[section] === undefined && before[section] !== undefined) after[section] = before[section];
  }
  for (const [document, entry] of Object.entries(oldStatus.documents ?? {})) {
    if (succeeded(entry) && !(document in newStatus.documents!)) newStatus.documents![document] = entry;
  }
  if (after.documents === undefined && before.documents !== undefined && Object.values(oldStatus.documents ?? {}).some(succeeded))
    after.documents = before.documents;

  after.request = { ...incoming.request, dataStatus: { ...incoming.request.dataStatus, ...newStatus } };
  return { outcome: "applied", next: { version, snapshot: after as CompanyResponse } };
}

/**
 * The top-level sections of a stored snapshot that `applySnapshot` reads when `incoming` is applied over it:
 * those it could carry over (a succeeded datapoint's section, or the documents, that `incoming` leaves out).
 * Besides them it reads only the stored `request.dataStatus`, so a stored snapshot that has none of these
 * sections need not be parsed: applying over `{ request: { dataStatus } }` gives the same result.
 */
export function storedSectionsRead(storedStatus: DataStatus | null | undefined, incoming: CompanyResponse): string[] {
  const after = incoming as Record<string, unknown>;
  const read = new Set<string>();
  for (const [datapoint, entry] of Object.entries(storedStatus?.dataPoints ?? {})) {
    if (!succeeded(entry)) continue;
    for (const section of datapointSections[datapoint] ?? [datapoint]) if (after[section] === undefined) read.add(section);
  }
  if (after.documents === undefined && Object.values(storedStatus?.documents ?? {}).some(succeeded)) read.add("documents");
  return [...read];
}
