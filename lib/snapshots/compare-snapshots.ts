import "server-only";
import { comparableSections, diffSnapshots, type SnapshotChange } from "./snapshot-diff";
import { snapshotAt } from "./company-snapshots";

export type Comparison = {
  changes: SnapshotChange[];
  /** The sections both snapshots hold, compared; and those only one holds (not ordered there), named but not compared. */
  compared: string[];
  onlyBefore: string[];
  onlyAfter: string[];
};

/**
 * The field-level diff of two stored snapshots (each at a version of its history, or its latest) over `sections`.
 * Undefined when either snapshot is missing.
 */
export async function compareStored(
  before: { requestId: string; version?: number | null },
  after: { requestId: string; version?: number | null },
  sections: readonly string[],
): Promise<Comparison | undefined> {
  const [left, right] = await Promise.all([snapshotAt(before.requestId, before.version), snapshotAt(after.requestId, after.version)]);
  if (!left || !right) return undefined;
  const split = comparableSections(left, right, sections);
  return { changes: diffSnapshots(left, right, split.compared), ...split };
}
