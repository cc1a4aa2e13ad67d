import Link from "next/link";
import { TableScrollBox } from "@/components/ui/table-scroll-box";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { deliveryOutcomes } from "@/db/vocabulary";
import type { ConnectionView } from "@/lib/connections/manage-connections";
import type { DeliveryStats, RejectionSummary } from "@/lib/webhooks/ledger-queries";
import { deliveryOutcomeLabels } from "@/lib/webhooks/outcomes";
import { ledgerRetentionMs, rejectionsKept } from "@/lib/webhooks/retention";
import { CopyButton } from "./copy-button";
import { utcTime } from "./delivery-time";
import { ledgerQuery } from "./ledger-search-params";
import { RetirePreviousSecret } from "./retire-previous-secret";

const retentionDays = Math.round(ledgerRetentionMs / 86_400_000);
// Inside a sentence: underlined, since its colour alone does not set it apart from the text (WCAG 1.4.1).
const linkClass = "text-primary underline underline-offset-4";

function SecretState({ connection, unreadable }: { connection: ConnectionView; unreadable: string | undefined }) {
  if (unreadable) {
    return (
      <div className="space-y-1">
        <Badge variant="destructive">Cannot be decrypted</Badge>
        <p className="text-sm text-destructive">
          Deliveries are answered 503 and retried by the sender until the secret is entered again in{" "}
          <Link href="/settings/connections" className="underline underline-offset-4">
            Connections
          </Link>
          : {unreadable}.
        </p>
      </div>
    );
  }
  if (!connection.hasWebhookSecret) {
    return (
      <div className="space-y-1">
        <Badge variant="destructive">Not set</Badge>
        <p className="text-sm text-destructive">
          No secret set: deliveries are refused until you add it in{" "}
          <Link href="/settings/connections" className="underline underline-offset-4">
            Connections
          </Link>
          .
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="success">Set</Badge>
        {connection.hasPreviousWebhookSecret && <Badge variant="warning">Previous secret still accepted</Badge>}
      </div>
      {connection.hasPreviousWebhookSecret && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed p-3">
          <p className="max-w-prose text-sm text-muted-foreground">
            The secret was replaced; deliveries signed with the old one are still accepted while the vendor switches over. Retire it once
            the vendor signs with the new secret only.
          </p>
          <RetirePreviousSecret connectionId={connection.id} connectionName={connection.name} />
        </div>
      )}
    </div>
  );
}

function DeliveryCounts({ connectionId, stats }: { connectionId: string; stats: DeliveryStats }) {
  if (stats.total === 0) {
    return (
      <p className="text-sm text-muted-foreground">No deliveries yet: configure this URL at the vendor under Developers → Webhooks.</p>
    );
  }
  return (
    <div className="space-y-1">
      <dl className="flex flex-wrap gap-2" aria-label="Deliveries per outcome">
        {deliveryOutcomes.map((outcome) => (
          <div key={outcome} data-testid={`count-${outcome}`} className="rounded-md border px-3 py-1.5">
            <dt className="text-xs text-muted-foreground">{deliveryOutcomeLabels[outcome]}</dt>
            <dd className="text-lg font-semibold tabular-nums">
              {stats.counts[outcome] > 0 ? (
                <Link href={`/settings/webhooks${ledgerQuery({ connection: connectionId, outcome })}#ledger`} className="hover:underline">
                  {stats.counts[outcome].toLocaleString("en")}
                </Link>
              ) : (
                0
              )}
            </dd>
          </div>
        ))}
      </dl>
      {stats.lastReceivedAt && <p className="text-xs text-muted-foreground">Last delivery {utcTime(stats.lastReceivedAt)} UTC.</p>}
    </div>
  );
}

function Rejections({ summary }: { summary: RejectionSummary }) {
  if (summary.total === 0) return <p className="text-sm text-muted-foreground">No delivery refused.</p>;
  return (
    <div className="space-y-2">
      <p className="text-sm" data-testid="rejection-total">
        <span className="font-semibold tabular-nums">{summary.total.toLocaleString("en")}</span> refused in total
        {summary.lastAt && <>, last at {utcTime(summary.lastAt)} UTC</>}. The last {rejectionsKept} reasons are kept (never the body).
      </p>
      <TableScrollBox label="Recent rejections (scrolls)" className="max-h-64 rounded-md border">
        <table className="w-full text-sm" aria-label="Recent rejections">
          <thead className="sticky top-0 bg-card">
            <tr className="border-b text-left text-muted-foreground">
              <th className="px-2 py-1.5 font-medium whitespace-nowrap">Time (UTC)</th>
              <th className="px-2 py-1.5 font-medium">Reason</th>
              <th className="px-2 py-1.5 font-medium whitespace-nowrap">Message id</th>
            </tr>
          </thead>
          <tbody>
            {summary.recent.map((rejection) => (
              <tr key={rejection.id} className="border-b last:border-0">
                <td className="px-2 py-1.5 font-mono text-xs whitespace-nowrap">{utcTime(rejection.at)}</td>
                <td className="px-2 py-1.5">{rejection.reason}</td>
                <td className="max-w-48 truncate px-2 py-1.5 font-mono text-xs" title={rejection.messageId ?? undefined}>
                  {rejection.messageId ?? "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScrollBox>
    </div>
  );
}

/** One connection's webhook set-up: the URL for the vendor, the secret's state, what arrived and what was refused. */
export function ConnectionWebhooksCard({
  connection,
  url,
  stats,
  rejections,
  unreadableSecret,
}: {
  connection: ConnectionView;
  url: string;
  stats: DeliveryStats;
  rejections: RejectionSummary;
  /** Why its stored signing secret cannot be decrypted, if it cannot. */
  unreadableSecret: string | undefined;
}) {
  const headingId = `webhooks-${connection.id}`;
  return (
    <Card role="region" aria-labelledby={headingId} data-testid={`webhooks-${connection.name}`}>
      <CardHeader>
        <CardTitle id={headingId} className="flex flex-wrap items-center gap-2 text-base">
          {connection.name}
          {connection.environment === "sandbox" ? <Badge variant="warning">Sandbox</Badge> : <Badge>Production</Badge>}
        </CardTitle>
        <CardDescription>
          Configure this URL at the vendor under Developers → Webhooks. Its signing secret goes in{" "}
          <Link href="/settings/connections" className={linkClass}>
            Connections
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <section className="space-y-1.5">
          <h3 className="text-sm font-medium">Webhook URL</h3>
          <div className="flex items-center gap-2">
            <code data-testid="webhook-url" className="min-w-0 flex-1 rounded-md bg-muted px-3 py-2 font-mono text-xs break-all">
              {url}
            </code>
            <CopyButton text={url} label="Copy webhook URL" />
          </div>
        </section>
        <section className="space-y-1.5">
          <h3 className="text-sm font-medium">Signing secret</h3>
          <SecretState connection={connection} unreadable={unreadableSecret} />
        </section>
        <section className="space-y-1.5">
          <h3 className="text-sm font-medium">Deliveries in the ledger (kept {retentionDays} days)</h3>
          <DeliveryCounts connectionId={connection.id} stats={stats} />
        </section>
        <section className="space-y-1.5">
          <h3 className="text-sm font-medium">Rejected deliveries</h3>
          <Rejections summary={rejections} />
        </section>
      </CardContent>
    </Card>
  );
}
