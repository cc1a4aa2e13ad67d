import "server-only";
import { mapBounded } from "@/lib/async/map-bounded";
import type { Registry } from "@/lib/connections/registry-for";
import { coverageGaps } from "@/lib/monitors/coverage-gaps";
import type { RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import type { VaultSource } from "@/lib/registry/schemas.shared";
import { settle } from "@/lib/registry/settle";
import { coverageRows, type CoverageRow } from "./coverage-rows";

/** Workspace vaults read at once for the coverage table, so an account with many workspaces does not flood the registry. */
export const vaultReadsAtOnce = 4;

export type VaultCoverage = {
  rows: CoverageRow[];
  /** Workspaces whose vault could not be read, with the registry's words. */
  unread: { workspace: string; error: RegistryErrorInfo }[];
};

/**
 * Which sources each workspace lacks, cross-referenced with the live monitors' `blocked_missing_credentials`
 * notices (lib/monitors/coverage-gaps.ts). Company requests carry no such notice in this API, so only monitors count.
 */
export async function vaultCoverage(
  registry: Registry,
  workspaces: readonly { name: string; isDefault?: boolean }[],
  sources: readonly VaultSource[],
): Promise<VaultCoverage> {
  const [vaults, monitorGaps] = await Promise.all([
    mapBounded(workspaces, vaultReadsAtOnce, async (w) => ({ workspace: w, entries: await settle(registry.client.listVault(w.name)) })),
    coverageGaps(registry),
  ]);
  const read = vaults.flatMap(({ workspace, entries }) =>
    entries.value
      ? [{ workspace: workspace.name, isDefault: Boolean(workspace.isDefault), heldOrInherited: entries.value.map((e) => e.sourceKey) }]
      : [],
  );
  return {
    rows: coverageRows(
      read,
      sources.map((s) => s.key),
      monitorGaps.gaps.map((gap) => gap.source),
    ),
    unread: vaults.flatMap(({ workspace, entries }) => (entries.error ? [{ workspace: workspace.name, error: entries.error }] : [])),
  };
}
