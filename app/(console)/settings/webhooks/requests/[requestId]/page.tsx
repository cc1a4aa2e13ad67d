import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { RefreshOnLive } from "@/components/live/refresh-on-live";
import { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { guardPage } from "@/lib/auth/guard-page";
import { liveTopics } from "@/lib/live/topics.shared";
import { requestTimeline } from "@/lib/webhooks/ledger-queries";
import { ledgerRetentionMs } from "@/lib/webhooks/retention";
import { ledgerQuery } from "../../ledger-search-params";
import { DeliveryTimeline } from "./delivery-timeline";

export const metadata: Metadata = { title: "Request deliveries" };

const requestIdSchema = z.string().trim().min(1).max(200);
const retentionDays = Math.round(ledgerRetentionMs / 86_400_000);
const linkClass = "text-primary underline-offset-4 hover:underline";

export default async function RequestDeliveriesPage({ params }: PageProps<"/settings/webhooks/requests/[requestId]">) {
  await guardPage("manageConnections");
  const parsed = requestIdSchema.safeParse((await params).requestId);
  if (!parsed.success) notFound();
  const requestId = parsed.data;
  const { request, entries } = await requestTimeline(requestId);

  return (
    <div className="space-y-6">
      <RefreshOnLive topic={liveTopics.webhooks} />
      <nav className="text-sm">
        <Link href="/settings/webhooks" className={linkClass}>
          ← Webhooks
        </Link>
      </nav>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">
          Deliveries for <span className="font-mono">{requestId}</span>
        </h1>
        {request ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {request.companyName ?? "Company not named yet"}
            {request.companyId && <span className="font-mono">{[request.countryCode, request.companyId].filter(Boolean).join(" · ")}</span>}
            <span>· stored version {request.version}</span>
            {request.complete ? <Badge variant="success">Complete</Badge> : <Badge variant="outline">In progress</Badge>}
            {request.origin === "elsewhere" && <Badge variant="secondary">Ordered elsewhere</Badge>}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">This console has stored no snapshot of this request.</p>
        )}
        <p className="text-sm">
          <Link href={`/settings/webhooks${ledgerQuery({ requestId })}#ledger`} className={linkClass}>
            Show in the ledger
          </Link>
        </p>
      </div>
      {entries.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          No delivery for this request in the ledger, which keeps the last {retentionDays} days. Check the request id, or the vendor&apos;s
          delivery log under Developers → Webhooks.
        </p>
      ) : (
        <DeliveryTimeline entries={entries} />
      )}
    </div>
  );
}
