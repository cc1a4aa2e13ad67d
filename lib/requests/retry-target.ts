import "server-only";
import type { CompanyResponse, DatapointStatus } from "@/lib/registry/schemas.shared";

export type RetryKind = "dataPoint" | "document";

/** The failed entry a retry would re-order, when the registry says retrying can help; undefined otherwise. */
export function retryableEntry(snapshot: CompanyResponse | null | undefined, kind: RetryKind, name: string): DatapointStatus | undefined {
  const entries = kind === "dataPoint" ? snapshot?.request.dataStatus?.dataPoints : snapshot?.request.dataStatus?.documents;
  const entry = entries?.[name];
  return entry?.status === "failed" && entry.error?.retryable === true ? entry : undefined;
}
