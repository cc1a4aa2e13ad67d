import "server-only";
import { storedSnapshotAt } from "./company-snapshots";
import { comparableSections, diffSnapshots, type SnapshotChange } from "./snapshot-diff";
import { withheldChange } from "./withheld-change";

export type Comparison = {
  changes: SnapshotChange[];
  /** The sections both snapshots hold, compared; and those only one holds (not ordered there), named but not compared. */
  compared: string[];
  onlyBefore: string[];
  onlyAfter: string[];
};

/**
 * The field-level diff of two stored snapshots (each at a version of its history, or its latest) over `sections`.
 * Undefined when either snapshot is missing. Its values have their signed URLs withheld.
 */
export async function compareStored(
  before: { requestId: string; version?: number | null },
  after: { requestId: string; version?: number | null },
  sections: readonly string[],
): Promise<Comparison | undefined> {
  const [left, right] = await Promise.all([
    storedSnapshotAt(before.requestId, before.version),
    storedSnapshotAt(after.requestId, after.version),
  ]);
  if (!left || !right) return undefined;
  const split = comparableSections(left, right, sections);
  return { changes: diffSnapshots(left, right, split.compared).map(withheldChange), ...split };
}
