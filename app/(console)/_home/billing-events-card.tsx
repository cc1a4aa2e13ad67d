import { billingEventWords } from "@/components/billing/events-words";
import { HomeCard, HomeCardEmpty, HomeCardFailure } from "@/components/home/home-card";
import { utcMinute } from "@/lib/vocabulary/units.shared";
import { recentBillingEvents } from "@/lib/billing/recent-billing-events";
import { registryFor } from "@/lib/connections/registry-for";
import { loadCard } from "@/lib/home/card-data";
import { errorText } from "@/lib/vocabulary/words.shared";

const shown = 5;

/** The latest billing events (the registry's and those its webhooks delivered), in words. */
export async function BillingEventsCard() {
  const data = await loadCard("recent billing events", async () => recentBillingEvents(await registryFor()));
  const events = data.value?.events.slice(0, shown) ?? [];
  return (
    <HomeCard title="Recent billing events" href="/billing#billing-events-heading" linkLabel="All billing events">
      {data.failure !== undefined && <HomeCardFailure failure={data.failure} />}
      {data.value?.registryError && (
        <HomeCardFailure failure={`The registry's list: ${errorText(data.value.registryError.code, data.value.registryError.message)}`} />
      )}
      {data.value && events.length === 0 && <HomeCardEmpty>No billing event yet.</HomeCardEmpty>}
      {events.length > 0 && (
        <ul className="space-y-1">
          {events.map((event) => {
            const words = billingEventWords(event, () => undefined);
            return (
              <li key={event.id}>
                <span className="text-muted-foreground">{utcMinute(new Date(event.firedAt))}</span> {words.sentence ?? words.raw}
              </li>
            );
          })}
        </ul>
      )}
    </HomeCard>
  );
}
