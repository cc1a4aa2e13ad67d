import { HomeCard, HomeCardEmpty, HomeCardFailure } from "@/components/home/home-card";
import { utcMinute } from "@/lib/vocabulary/units.shared";
import { listChanges } from "@/lib/dual-control/pending-changes";
import { loadCard } from "@/lib/home/card-data";

const shown = 5;

/** Sensitive changes waiting for a second admin (dual control), oldest request first so the nearest expiry leads. */
export async function PendingChangesCard({ userId }: { userId: string }) {
  const data = await loadCard("pending changes", () => listChanges({ states: ["pending"] }));
  const pending = [...(data.value ?? [])].reverse();
  return (
    <HomeCard title="Pending changes" href="/settings/approvals" linkLabel="Approvals" description="Changes that wait for a second admin.">
      {data.failure !== undefined && <HomeCardFailure failure={data.failure} />}
      {data.value && pending.length === 0 && <HomeCardEmpty>Nothing waits for approval.</HomeCardEmpty>}
      {pending.length > 0 && (
        <>
          <p data-testid="home-pending-count">
            {pending.length} {pending.length === 1 ? "change waits" : "changes wait"} for a second admin.
          </p>
          <ul className="space-y-1">
            {pending.slice(0, shown).map((change) => (
              <li key={change.id}>
                <span className="font-medium">{change.target}</span> ({change.kind.replaceAll("_", " ")}) asked by {change.requestedByEmail}
                {change.requestedBy === userId && " (you: another admin must decide)"}; expires {utcMinute(new Date(change.expiresAt))}
              </li>
            ))}
          </ul>
        </>
      )}
    </HomeCard>
  );
}
