import Link from "next/link";
import type { PendingChangeView } from "@/lib/dual-control/pending-changes";
import { replacementApprovalHref } from "@/lib/vault/replace-credentials";
import { label } from "@/lib/vocabulary/words.shared";

const detail = (change: PendingChangeView, key: "workspace" | "sourceKey") => String(change.details[key] ?? "");

/**
 * Replacements of vault credentials waiting for a second admin. Another admin's request links to its source's form
 * with the change id: approving it means entering the new credentials (the request never holds them).
 */
export function PendingReplacements({ changes, viewerId }: { changes: PendingChangeView[]; viewerId: string }) {
  if (changes.length === 0) return null;
  return (
    <section aria-labelledby="vault-pending-heading" className="space-y-2 rounded-md border border-amber-500/60 p-4">
      <h2 id="vault-pending-heading" className="text-lg font-semibold">
        Replacements waiting for a second admin
      </h2>
      <ul className="space-y-2 text-sm">
        {changes.map((change) => {
          const workspace = detail(change, "workspace");
          const sourceKey = detail(change, "sourceKey");
          return (
            <li key={change.id} className="flex flex-wrap items-baseline gap-x-2">
              <span>
                {label("vaultSource", sourceKey)} on <span className="font-medium">{workspace}</span>, asked by {change.requestedByEmail} (“
                {change.reason}”), until <time dateTime={change.expiresAt}>{change.expiresAt.slice(0, 16).replace("T", " ")} UTC</time>.
              </span>
              {change.requestedBy === viewerId ? (
                <span className="text-muted-foreground">Waiting for a second admin.</span>
              ) : (
                <Link className="underline" href={replacementApprovalHref(change)}>
                  Approve {label("vaultSource", sourceKey)} on {workspace} by entering the new credentials
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
