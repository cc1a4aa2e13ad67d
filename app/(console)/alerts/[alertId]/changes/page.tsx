import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ConnectionKeyRemedy } from "@/components/connections/connection-key-remedy";
import { credits } from "@/lib/vocabulary/units.shared";
import { AlertChanges } from "@/components/snapshots/alert-changes";
import { Badge } from "@/components/ui/badge";
import { alertForChanges, freeAgainRefusedWording, priceReretrieval, type AlertForChanges } from "@/lib/orders/what-changed";
import { mapCategories } from "@/lib/alerts/what-changed-datapoints";
import { reretrievalConfirmation } from "@/lib/alerts/what-changed-caps";
import { freeAgainWording } from "@/lib/alerts/what-changed-price";
import { can } from "@/lib/auth/capabilities.shared";
import { guardPage } from "@/lib/auth/guard-page";
import { datapointLabels } from "@/lib/pricing/quote.shared";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import { diffViewedAction, orderWhatChangedAction } from "./actions";
import { OrderWhatChanged } from "./order-what-changed";
import { isRiskMonitorId, riskAlertHasNoReretrieval } from "@/lib/alerts/risk-monitor-id.shared";

export const metadata: Metadata = { title: "What changed" };

export default async function WhatChangedPage({ params }: PageProps<"/alerts/[alertId]/changes">) {
  const user = await guardPage("readAlerts");
  const { alertId: rawId } = await params;
  const alertId = /^\d{1,15}$/.test(rawId) ? Number(rawId) : undefined;
  const alert = alertId === undefined ? undefined : await alertForChanges(alertId);
  if (!alert) notFound();
  const canOrder = can(user.role, "triageAlerts") && can(user.role, "spendCredits");
  if (isRiskMonitorId(alert.monitorId))
    return (
      <div className="space-y-4">
        <p className="text-sm">
          <Link href={`/alerts/${alert.id}`} className="text-primary underline underline-offset-4">
            ← Alert {alert.id}
          </Link>
        </p>
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">What changed: {alert.companyName ?? alert.companyId}</h1>
        <p role="note" className="rounded-md border px-4 py-2 text-sm">
          {riskAlertHasNoReretrieval}
        </p>
      </div>
    );

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <p className="text-sm">
          <Link href={`/alerts/${alert.id}`} className="text-primary underline underline-offset-4">
            ← Alert {alert.id}
          </Link>
        </p>
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">What changed: {alert.companyName ?? alert.companyId}</h1>
        <p className="text-sm text-muted-foreground">
          {alert.countryCode} · {alert.companyId} · monitor {alert.monitorId} {alert.isTest && <Badge variant="outline">Test</Badge>}
        </p>
      </div>
      <section aria-labelledby="categories-heading" className="space-y-2">
        <h2 id="categories-heading" className="text-lg font-semibold">
          Categories and the datapoints that hold them
        </h2>
        <p className="text-sm text-muted-foreground">
          The notification names categories only, never values: the datapoints below are read again and compared.
        </p>
        <ul className="divide-y rounded-md border text-sm" data-testid="category-mapping">
          {mapCategories(alert.categories).map((m) => (
            <li key={m.category} className="flex flex-wrap justify-between gap-2 px-3 py-2">
              <span className="font-medium">{m.category}</span>
              <span>
                {m.datapoints.map((d) => datapointLabels[d]).join(", ")}
                {m.note && <span className="block text-muted-foreground">{m.note}</span>}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {alert.changeRequestId ? (
        <AlertChanges alert={alert} report={diffViewedAction.bind(null, { alertId: alert.id })} />
      ) : (
        <Price alert={alert} canOrder={canOrder} />
      )}
    </div>
  );
}

async function Price({ alert, canOrder }: { alert: AlertForChanges; canOrder: boolean }) {
  const now = new Date();
  let price: Awaited<ReturnType<typeof priceReretrieval>>;
  try {
    price = await priceReretrieval(alert, now);
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    return (
      <p role="alert" className="rounded-md border border-destructive/40 px-4 py-2 text-sm text-destructive">
        Reading the prices failed: {error.message}
        <ConnectionKeyRemedy code={error.code} />
      </p>
    );
  }
  const { priced, mode, freeAgainRefused } = price;
  const what = priced.quote.blocks.flatMap((b) => b.datapoints.map((d) => datapointLabels[d])).join(", ");
  return (
    <section aria-labelledby="price-heading" className="space-y-3 rounded-lg border p-4">
      <h2 id="price-heading" className="text-lg font-semibold">
        Price, before anything is spent
      </h2>
      <ul className="divide-y rounded-md border text-sm" data-testid="what-changed-price">
        {priced.quote.blocks.map((block) => {
          const free = priced.freeAgain.find((f) => f.sku === block.sku);
          return (
            <li key={block.sku} className="flex flex-wrap justify-between gap-2 px-3 py-2" data-block={block.sku}>
              <span>{block.datapoints.map((d) => datapointLabels[d]).join(", ")}</span>
              <span className="text-muted-foreground">
                {free ? (
                  <>
                    <s>{credits(block.price)}</s> {freeAgainWording(free)} (
                    <Link href={`/requests/${encodeURIComponent(free.requestId)}`} className="underline underline-offset-4">
                      request
                    </Link>
                    )
                  </>
                ) : block.datapoints.includes("graph") ? (
                  `${credits(block.price)}, capped there: expand the graph further from the dossier`
                ) : (
                  credits(block.price)
                )}
              </span>
            </li>
          );
        })}
        {priced.quote.unpriced.map((d) => (
          <li key={d} className="flex justify-between px-3 py-2 text-muted-foreground">
            <span>{datapointLabels[d]}</span>
            <span>No price given: the registry quotes it when ordered</span>
          </li>
        ))}
      </ul>
      <p data-testid="what-changed-total">
        Total: <strong>{credits(priced.total)}</strong> <span className="text-sm text-muted-foreground">({mode})</span>
      </p>
      {freeAgainRefused && (
        <p role="status" className="rounded-md border px-4 py-2 text-sm" data-testid="free-again-refused">
          {freeAgainRefusedWording(priced.total)} Nothing was charged for the earlier attempt.
        </p>
      )}
      {canOrder ? (
        <OrderWhatChanged
          // A new quote (the registry refused one shown free again) starts the button afresh.
          key={priced.total}
          alertId={alert.id}
          confirmation={reretrievalConfirmation(mode, priced)}
          label={freeAgainRefused ? `Order for ${credits(priced.total)}` : `Order what changed for ${credits(priced.total)}`}
          what={what}
          order={orderWhatChangedAction}
        />
      ) : (
        <p className="text-sm text-muted-foreground">Ordering is for compliance officers and admins.</p>
      )}
    </section>
  );
}
