import "server-only";
import type { WorkspaceSummary } from "@/lib/registry/schemas.shared";

/** A workspace as /workspaces shows it: from the registry's list, or only its name where the console knows no more. */
export type WorkspaceRow = {
  name: string;
  id?: string;
  legalName?: string | null;
  uboEnabled?: boolean;
  isDefault?: boolean;
  /** Its spend in the page's window (lib/billing/spend-in-window.ts), in credits. */
  usage?: { credits: number; requestCount?: number };
};

/** A workspace's spend in the window, as lib/billing/spend-in-window.ts reports it. */
type Spent = { workspaceId: string; name: string | undefined; credits: number | undefined; requestCount: number | undefined };

/**
 * One row per workspace: the registry's list when it has one (already sorted, default first), otherwise the names
 * the console knows (`known`). Each gets its usage entry, matched by id, or by name for a name-only row.
 */
export function workspaceRows(
  listed: WorkspaceSummary[] | undefined,
  known: string[],
  spent: readonly Spent[] | undefined,
): WorkspaceRow[] {
  const entries = spent ?? [];
  const usageOf = (match: (entry: Spent) => boolean) => {
    const entry = entries.find(match);
    return entry?.credits === undefined ? undefined : { credits: entry.credits, requestCount: entry.requestCount };
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
