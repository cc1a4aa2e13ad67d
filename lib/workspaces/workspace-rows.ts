import type { WorkspaceSummary, WorkspaceUsage } from "@/lib/registry/schemas";

/** A workspace as /workspaces shows it: from the registry's list, or only its name where the console knows no more. */
export type WorkspaceRow = {
  name: string;
  id?: string;
  legalName?: string | null;
  uboEnabled?: boolean;
  isDefault?: boolean;
  usage?: { totalCreditCents: number; requestCount?: number };
};

/**
 * One row per workspace: the registry's list when it has one (already sorted, default first), otherwise the names
 * the console knows (`known`). Each gets its usage entry, matched by id, or by name for a name-only row. Client-safe.
 */
export function workspaceRows(listed: WorkspaceSummary[] | undefined, known: string[], usage: WorkspaceUsage | undefined): WorkspaceRow[] {
  const entries = usage?.workspaces ?? [];
  const usageOf = (match: (entry: WorkspaceUsage["workspaces"][number]) => boolean) => {
    const entry = entries.find(match);
    return entry && { totalCreditCents: entry.totalCreditCents, requestCount: entry.requestCount };
  };
  if (listed) {
    return listed.map(({ id, name, legalName, uboEnabled, isDefault }) => ({
      id,
      name,
      legalName: legalName ?? null,
      uboEnabled,
      isDefault,
      usage: usageOf((entry) => entry.workspaceId === id),
    }));
  }
  return known.map((name) => ({ name, usage: usageOf((entry) => entry.name === name) }));
}
