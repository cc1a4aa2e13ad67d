import type { Metadata } from "next";
import Link from "next/link";
import { RefreshOnLive } from "@/components/live/refresh-on-live";
import { guardPage } from "@/lib/auth/guard-page";
import { listConnections } from "@/lib/connections/manage-connections";
import { liveTopics } from "@/lib/live/topics.shared";
import { db } from "@/db/client";
import { unreadableSigningSecrets } from "@/lib/connections/signing-secrets";
import {
  deliveryStatsByConnection,
  emptyDeliveryStats,
  emptyRejectionSummary,
  ledgerPage,
  ledgerTypes,
  rejectionsByConnection,
} from "@/lib/webhooks/ledger-queries";
import { ConnectionWebhooksCard } from "./connection-webhooks-card";
import { DeliveryLedger } from "./delivery-ledger";
import { parseLedgerSearch } from "./ledger-search-params";
import { publicBaseUrl, webhookUrl } from "./webhook-url";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage({ searchParams }: PageProps<"/settings/webhooks">) {
  await guardPage("manageConnections");
  const search = parseLedgerSearch(await searchParams);
  const cursor = search.after !== undefined ? { after: search.after } : search.before !== undefined ? { before: search.before } : undefined;
  const connections = await listConnections();
  const [baseUrl, stats, rejections, page, types, unreadable] = await Promise.all([
    publicBaseUrl(),
    deliveryStatsByConnection(),
    rejectionsByConnection(connections.map((c) => c.id)),
    ledgerPage({ connectionId: search.connection, type: search.type, outcome: search.outcome, requestId: search.requestId }, cursor),
    ledgerTypes(),
    unreadableSigningSecrets(db()),
  ]);

  return (
    <div className="space-y-8">
      {/* New deliveries re-render the counts and the ledger (each delivery notifies this topic at commit). */}
      <RefreshOnLive topic={liveTopics.webhooks} />
      <div>
        <h1 className="text-2xl font-semibold">Webhooks</h1>
        <p className="text-sm text-muted-foreground">
          Where the registry sends its events for each connection, what arrived and what was refused. Deliveries without a valid signature
          get 401 and change nothing.
        </p>
      </div>
      {connections.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          No connection yet: add one in{" "}
          <Link href="/settings/connections" className="text-primary underline-offset-4 hover:underline">
            Connections
          </Link>
          , then configure its webhook URL at the vendor under Developers → Webhooks.
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          {connections.map((connection) => (
            <ConnectionWebhooksCard
              key={connection.id}
              connection={connection}
              url={webhookUrl(baseUrl, connection.id)}
              stats={stats.get(connection.id) ?? emptyDeliveryStats()}
              rejections={rejections.get(connection.id) ?? emptyRejectionSummary()}
              unreadableSecret={unreadable.get(connection.id)}
            />
          ))}
        </div>
      )}
      <DeliveryLedger search={search} page={page} connections={connections.map(({ id, name }) => ({ id, name }))} types={types} />
    </div>
  );
}
