import { HomeCard, HomeCardEmpty, HomeCardFailure } from "@/components/home/home-card";
import { utcMinute } from "@/lib/vocabulary/units.shared";
import { loadCard } from "@/lib/home/card-data";
import { webhookRejectionsToday } from "@/lib/home/webhook-rejections-today";

/** Webhook deliveries refused in the last 24 hours (bad signature, stale timestamp…), per connection. */
export async function WebhookRejectionsCard() {
  const data = await loadCard("webhook rejections", () => webhookRejectionsToday());
  return (
    <HomeCard title="Webhook rejections, last 24 hours" href="/settings/webhooks" linkLabel="Webhook ledger">
      {data.failure !== undefined && <HomeCardFailure failure={data.failure} />}
      {data.value?.length === 0 && <HomeCardEmpty>No delivery was refused in the last 24 hours.</HomeCardEmpty>}
      {data.value && data.value.length > 0 && (
        <ul className="space-y-1">
          {data.value.map((r) => (
            <li key={r.connectionId}>
              <span className="font-medium">{r.connectionName}</span>: {r.capped ? `at least ${r.count}` : r.count} refused
              <span className="text-muted-foreground"> · last {utcMinute(r.lastAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </HomeCard>
  );
}
