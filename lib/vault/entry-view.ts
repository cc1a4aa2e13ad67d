import "server-only";
import type { VaultEntry } from "@/lib/registry/schemas.shared";
import { markedLabel } from "@/lib/vocabulary/words.shared";

const dayMs = 24 * 60 * 60 * 1000;
/** Entries expiring within this many days get an "expires in N days" badge. */
export const expirySoonDays = 30;

/** Where an entry comes from, seen from the workspace asked for. */
export type EntryOrigin = "set here" | "inherited from the default workspace" | "not known";

export type VaultEntryRow = {
  sourceKey: string;
  origin: string;
  shape: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  expiresAt: string | null;
  /** "expired" or "expires in N days"; none when it expires later or never. */
  expiryBadge?: string;
  from: EntryOrigin;
};

export function expiryBadge(expiresAt: string | null | undefined, now: Date): string | undefined {
  if (!expiresAt) return undefined;
  const left = Date.parse(expiresAt) - now.getTime();
  if (Number.isNaN(left)) return undefined;
  if (left <= 0) return "expired";
  const days = Math.ceil(left / dayMs);
  if (days > expirySoonDays) return undefined;
  return days === 1 ? "expires in 1 day" : `expires in ${days} days`;
}

/**
 * An entry resolved from another workspace than the one asked for is inherited (the registry falls back to the
 * default workspace). Without the asked workspace's id (a registry that does not list workspaces) it is not known.
 */
export function entryOrigin(entry: Pick<VaultEntry, "inheritedFromWorkspaceId">, workspaceId: string | undefined): EntryOrigin {
  if (!workspaceId || !entry.inheritedFromWorkspaceId) return "not known";
  return entry.inheritedFromWorkspaceId === workspaceId ? "set here" : "inherited from the default workspace";
}

/** The entries as the vault table shows them: metadata only, the registry never returns stored values. */
export function vaultEntryRows(entries: readonly VaultEntry[], workspaceId: string | undefined, now: Date): VaultEntryRow[] {
  return entries.map((entry) => ({
    sourceKey: entry.sourceKey,
    origin: entry.origin ? markedLabel("vaultOrigin", entry.origin) : "not stated",
    shape: entry.shape ? markedLabel("vaultShape", entry.shape) : "not stated",
    version: entry.version,
    createdAt: entry.createdAt ?? "",
    updatedAt: entry.updatedAt ?? "",
    expiresAt: entry.expiresAt ?? null,
    expiryBadge: expiryBadge(entry.expiresAt, now),
    from: entryOrigin(entry, workspaceId),
  }));
}

/**
 * Whether storing `sourceKey` here would replace credentials this workspace already holds (which needs a second
 * admin's approval). An inherited entry is overridden, not replaced; an entry of unknown origin counts as held here.
 */
export function replacesHeldCredentials(rows: readonly Pick<VaultEntryRow, "sourceKey" | "from">[], sourceKey: string): boolean {
  return rows.some((row) => row.sourceKey === sourceKey && row.from !== "inherited from the default workspace");
}

/** After a PUT: the version should be the one before plus one; otherwise another change raced this one. */
export function versionRaced(previousVersion: number, savedVersion: number): boolean {
  return savedVersion !== previousVersion + 1;
}
