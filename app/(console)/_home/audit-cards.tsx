import type { AuditRow } from "@/db/schema";
import { HomeCard, HomeCardEmpty, HomeCardFailure } from "@/components/home/home-card";
import { utcMinute } from "@/lib/vocabulary/units.shared";
import { loadCard, type CardData } from "@/lib/home/card-data";
import { exportActions, recentAuditRows } from "@/lib/home/recent-audit-rows";
import { markedLabel } from "@/lib/vocabulary/words.shared";

const shown = 8;

function AuditRows({ data, empty }: { data: CardData<AuditRow[]>; empty: string }) {
  if (data.failure !== undefined) return <HomeCardFailure failure={data.failure} />;
  if (data.value.length === 0) return <HomeCardEmpty>{empty}</HomeCardEmpty>;
  return (
    <ul className="space-y-1">
      {data.value.map((row) => (
        <li key={row.id}>
          <span className="text-muted-foreground">{utcMinute(row.at)}</span>{" "}
          <span data-audit-action={row.action}>{markedLabel("auditAction", row.action)}</span> by {row.actorEmail}
          {row.target && <> on {row.target}</>}
        </li>
      ))}
    </ul>
  );
}

/** The newest audit rows. */
export async function LatestAuditCard() {
  const data = await loadCard("latest audit rows", () => recentAuditRows(shown));
  return (
    <HomeCard title="Latest audit rows" href="/audit" linkLabel="The audit log">
      <AuditRows data={data} empty="The audit log is empty." />
    </HomeCard>
  );
}

/** The newest exports (CSV files, evidence packs, calendars), from the audit log. */
export async function RecentExportsCard() {
  const data = await loadCard("recent exports", () => recentAuditRows(shown, exportActions));
  return (
    <HomeCard title="Recent exports" href="/audit" linkLabel="The audit log">
      <AuditRows data={data} empty="Nothing has been exported yet." />
    </HomeCard>
  );
}
