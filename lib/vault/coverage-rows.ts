import "server-only";
/** A source a workspace lacks (neither set there nor inherited), and how many live monitors wait for it there. */
export type CoverageRow = { workspace: string; sourceKey: string; neededByMonitors: number };

/**
 * Which sources each workspace lacks. A monitor's blocked datapoint waits on the default workspace's vault (the
 * registry resolves credentials there; the other workspaces inherit from it), so monitor needs count on the default
 * workspace only. Pure.
 */
export function coverageRows(
  vaults: readonly { workspace: string; isDefault: boolean; heldOrInherited: readonly string[] }[],
  sourceKeys: readonly string[],
  monitorNeeds: readonly (string | undefined)[],
): CoverageRow[] {
  const needed = (sourceKey: string) => monitorNeeds.filter((source) => source === sourceKey).length;
  return vaults.flatMap(({ workspace, isDefault, heldOrInherited }) =>
    sourceKeys
      .filter((sourceKey) => !heldOrInherited.includes(sourceKey))
      .map((sourceKey) => ({ workspace, sourceKey, neededByMonitors: isDefault ? needed(sourceKey) : 0 })),
  );
}

/** "needed by 2 monitors", or nothing known to wait for it. */
export function neededByText(row: Pick<CoverageRow, "neededByMonitors">): string {
  const n = row.neededByMonitors;
  return n === 0 ? "no monitor waits for it" : `needed by ${n} monitor${n === 1 ? "" : "s"}`;
}
