import { HomeCard, HomeCardEmpty, HomeCardFailure } from "@/components/home/home-card";
import { utcMinute } from "@/lib/vocabulary/units.shared";
import { loadCard } from "@/lib/home/card-data";
import { lockedOutUsers } from "@/lib/home/locked-out-users";

/** Accounts locked out by failed sign-ins right now, and when each lock ends. */
export async function LockedOutCard() {
  const data = await loadCard("locked-out users", () => lockedOutUsers());
  return (
    <HomeCard title="Users locked out" href="/settings/users" linkLabel="Users">
      {data.failure !== undefined && <HomeCardFailure failure={data.failure} />}
      {data.value?.length === 0 && <HomeCardEmpty>Nobody is locked out.</HomeCardEmpty>}
      {data.value && data.value.length > 0 && (
        <ul className="space-y-1">
          {data.value.map((u) => (
            <li key={u.email}>
              <span className="font-medium">{u.name || u.email}</span> ({u.email}) until {utcMinute(u.lockedUntil)}
            </li>
          ))}
        </ul>
      )}
    </HomeCard>
  );
}
