import "server-only";
/** Pure. */
import { withholdSignedUrls } from "@/lib/dossier/withhold-signed-urls.shared";
import type { SnapshotChange } from "./snapshot-diff";

/**
 * A change as it may leave the server: signed URLs in its values withheld, judged by the section it comes from (a
 * document's `url` is withheld in a documents section). The diff skips link fields, but an added or removed
 * document carries its own.
 */
export function withheldChange(change: SnapshotChange): SnapshotChange {
  const values = withholdSignedUrls({ [change.section]: { before: change.before, after: change.after } })[change.section]!;
  return {
    ...change,
    ...("before" in change && { before: values.before }),
    ...("after" in change && { after: values.after }),
  };
}
