import { EventsList, type EventRow, type FilterChoice } from "@/components/billing/events-list";
import { billingEventWords } from "@/components/billing/events-words";
import { RegistryProblem } from "@/components/connections/registry-problem";
import { LiveBadge } from "@/components/live/live-badge";
import { RefreshOnLive } from "@/components/live/refresh-on-live";
import { billingWorkspaces } from "@/lib/billing/billing-workspaces";
import type { MergedBillingEvent } from "@/lib/billing/merge-billing-events";
import { recentBillingEvents, recentEventsPerSource } from "@/lib/billing/recent-billing-events";
import type { Registry } from "@/lib/connections/registry-for";
import { liveTopics } from "@/lib/live/topics.shared";
import { billingKinds } from "@/lib/registry/schemas.shared";

const kindLabels: Record<string, string> = { low_balance: "Low balance", high_usage: "High usage", auto_topup: "Auto top-up" };
const kindLabel = (kind: string) => kindLabels[kind] ?? kind;
const utc = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toISOString().slice(0, 16).replace("T", " ");
};

/**
 * Recent billing events: the registry's (GET /v2/billing/notifications/recent, spec) merged with those its
 * webhooks delivered to this console for the active connection, in plain words, filtered by kind and workspace,
 * refreshed live when the webhook route stores one (the `billing` topic).
 */
export async function RecentEventsSection({ registry }: { registry: Registry }) {
  const [{ events, registryError }, listed] = await Promise.all([recentBillingEvents(registry), billingWorkspaces(registry)]);
  const names = new Map((listed.value ?? []).map((w) => [w.id, w.name]));
  const workspaceLabel = (event: MergedBillingEvent) =>
    event.workspaceId ? `Workspace ${names.get(event.workspaceId) ?? event.workspaceId}` : "The account";

  const rows: EventRow[] = events.map((event) => ({
    id: event.id,
    kind: event.kind,
    kindLabel: kindLabel(event.kind),
    identifier: event.identifier,
    workspaceId: event.workspaceId,
    workspaceLabel: workspaceLabel(event),
    firedAt: utc(event.firedAt),
    words: billingEventWords(event, (id) => names.get(id)),
    emailSent: event.emailSent,
    webhookSent: event.webhookSent,
    seenBy: event.seenBy,
  }));
  const kinds: FilterChoice[] = [...new Set([...billingKinds, ...events.map((e) => e.kind)])].map((k) => ({
    value: k,
    label: kindLabel(k),
  }));
  const workspaceIds = [...new Set([...names.keys(), ...events.flatMap((e) => e.workspaceId ?? [])])];
  const workspaces: FilterChoice[] = workspaceIds.map((id) => ({ value: id, label: names.get(id) ?? id }));

  return (
    <section aria-labelledby="billing-events-heading" className="space-y-3">
      {/* A billing event stored by the webhook route re-renders the page (coalesced). */}
      <RefreshOnLive topic={liveTopics.billing} />
      <div>
        <h2 id="billing-events-heading" className="flex items-center gap-2 text-lg font-semibold">
          Recent billing events <LiveBadge />
        </h2>
        <p className="text-sm text-muted-foreground">
          The registry&apos;s latest {recentEventsPerSource} events and the latest {recentEventsPerSource} its webhooks delivered to this
          console through {registry.connection.name}, newest first; one firing seen both ways shows once. New events appear as they arrive.
        </p>
      </div>
      {registryError && (
        <div className="space-y-1">
          <RegistryProblem what="Reading the registry's recent billing events" error={registryError} />
          <p className="text-sm text-muted-foreground">The events its webhooks delivered to this console still show below.</p>
        </div>
      )}
      <EventsList rows={rows} kinds={kinds} workspaces={workspaces} />
    </section>
  );
}
