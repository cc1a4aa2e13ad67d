import Link from "next/link";
import type { DatapointNotice } from "@/lib/registry/schemas.shared";
import { label } from "@/lib/vocabulary/words.shared";

const statusLabels: Record<string, string> = { blocked_missing_credentials: "Blocked: missing credentials" };

/** The registry's notices about datapoints it cannot monitor yet, one per datapoint, with where to fix them. */
export function DatapointNotices({ notices }: { notices: readonly DatapointNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <div
      role="note"
      aria-label="Datapoint notices"
      className="space-y-1 rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm"
    >
      <p className="font-medium">Some datapoints are not monitored yet; the others are.</p>
      <ul className="space-y-1">
        {notices.map((notice) => (
          <li key={`${notice.datapoint}-${notice.status}`}>
            {label("datapoint", notice.datapoint)}: {statusLabels[notice.status] ?? notice.status}
            {notice.message && <>. {notice.message}</>}
            {notice.status === "blocked_missing_credentials" && (
              <>
                {" "}
                <Link href="/vault" className="text-primary underline underline-offset-4">
                  Supply them in the Vault
                </Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
