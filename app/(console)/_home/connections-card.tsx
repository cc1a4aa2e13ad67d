import { HomeCard, HomeCardEmpty, HomeCardFailure } from "@/components/home/home-card";
import { utcMinute } from "@/lib/vocabulary/units.shared";
import { loadCard } from "@/lib/home/card-data";
import { connectionsNeedingAttention } from "@/lib/home/connections-needing-attention";

/** Connections whose key this server cannot decrypt, or whose latest test failed. */
export async function ConnectionsCard() {
  const data = await loadCard("connections", connectionsNeedingAttention);
  return (
    <HomeCard title="Connections needing attention" href="/settings/connections" linkLabel="Connections">
      {data.failure !== undefined && <HomeCardFailure failure={data.failure} />}
      {data.value?.length === 0 && <HomeCardEmpty>Every connection&apos;s key opens, and no latest test failed.</HomeCardEmpty>}
      {data.value && data.value.length > 0 && (
        <ul className="space-y-1">
          {data.value.map((c) => (
            <li key={c.id}>
              <span className="font-medium">{c.name}</span>:{" "}
              {c.problem === "key_unreadable" ? "its stored key cannot be decrypted" : `its latest test failed (${c.detail})`}
              {c.at && <span className="text-muted-foreground"> · {utcMinute(c.at)}</span>}
            </li>
          ))}
        </ul>
      )}
    </HomeCard>
  );
}
