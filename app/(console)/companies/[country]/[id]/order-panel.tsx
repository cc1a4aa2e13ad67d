"use client";

import { useRouter } from "next/navigation";
import { useMemo, useRef, useState, useTransition } from "react";
import { ConfirmDialog } from "@/components/forms/confirm-dialog";
import { CaseReferenceField } from "@/components/forms/case-reference-field";
import { FormError } from "@/components/forms/form-error";
import { count, credits, duration } from "@/lib/vocabulary/units.shared";
import { label, markedLabel } from "@/lib/vocabulary/words.shared";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import {
  defaultGraphCap,
  fullKybSelection,
  graphOneLevelWarning,
  graphStopsAfterOneLevel,
  type HeldDatapoint,
} from "@/lib/orders/order-defaults.shared";
import { datapointOffers, offeredModes, quoteOrder, type OrderableDatapoint } from "@/lib/pricing/quote.shared";
import type { RegistryCountry } from "@/lib/registry/countries.shared";
import type { RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import type { PricingResponse, RegistryDocument } from "@/lib/registry/schemas.shared";
import { listDocumentsAction, orderCompanyAction } from "./actions";
import { awaitDocumentListing } from "./document-listing";
import { OrderError, type CapName } from "./order-error";
import { errorText } from "@/lib/vocabulary/words.shared";

const caps: { name: CapName; label: string }[] = (["maxBudget", "profileMaxBudget", "graphMaxBudget"] as const).map((name) => ({
  name,
  label: label("cap", name),
}));

type Props = {
  countryCode: RegistryCountry;
  companyId: string;
  pricing: PricingResponse;
  canOrder: boolean;
  /** What the company file already holds: offered again, but chosen by default only when due for a refresh. */
  held?: Record<string, HeldDatapoint>;
};

/**
 * What an order will cost, shown before anything is spent; and, for those who may, the order itself. Beside a company
 * file it is "Order more": what the file holds and is current is not chosen by default, by the preset either.
 */
export function OrderPanel({ countryCode, companyId, pricing, canOrder, held = {} }: Props) {
  const current = (datapoint: string) => held[datapoint]?.current === true;
  const router = useRouter();
  const modes = offeredModes(pricing);
  const [mode, setMode] = useState(modes.includes("verification") ? "verification" : modes[0]);
  const offers = datapointOffers(pricing, mode ?? "verification");
  const [chosen, setChosen] = useState<OrderableDatapoint[]>(() =>
    offers.find((o) => o.datapoint === "company")?.available && !current("company") ? ["company"] : [],
  );
  const [documents, setDocuments] = useState<RegistryDocument[] | undefined>();
  const [pickedDocuments, setPickedDocuments] = useState<string[]>([]);
  const [listing, setListing] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const documentPrices = (documents ?? []).filter((d) => pickedDocuments.includes(d.id)).map((d) => d.price ?? 0);
  const quote = useMemo(() => quoteOrder(pricing, mode ?? "verification", chosen, documentPrices), [pricing, mode, chosen, documentPrices]);
  // The graph is quoted at one company; its cap defaults to about two levels of owners, and the whole request's cap with it.
  const graphCap = chosen.includes("graph") ? defaultGraphCap(quote.graph) : 0;
  const prefilled: Record<CapName, number> = {
    maxBudget: Math.round((quote.profile + quote.documents + graphCap) * 100) / 100,
    profileMaxBudget: quote.profile,
    graphMaxBudget: graphCap,
  };
  const [capEdits, setCapEdits] = useState<Partial<Record<CapName, string>>>({});
  const capValue = (name: CapName) => capEdits[name] ?? String(prefilled[name]);
  const [graphInteractive, setGraphInteractive] = useState(false);
  const [caseReference, setCaseReference] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; registry?: RegistryErrorInfo; fieldErrors?: Record<string, string[]> }>();
  const [pending, startTransition] = useTransition();
  const listingAbort = useRef<AbortController | undefined>(undefined);

  const toggle = (datapoint: OrderableDatapoint, on: boolean) =>
    setChosen((c) => (on ? [...c, datapoint] : c.filter((d) => d !== datapoint)));
  const capNumber = (name: CapName) => (capValue(name).trim() === "" ? undefined : Number(capValue(name)));
  const graphStops =
    chosen.includes("graph") &&
    graphStopsAfterOneLevel({
      perCompany: quote.graph,
      graphCap: capNumber("graphMaxBudget"),
      totalCap: capNumber("maxBudget"),
      otherSpend: quote.profile + quote.documents,
      interactive: graphInteractive,
    });

  function chooseFullKyb() {
    setChosen(fullKybSelection(pricing, mode ?? "verification").filter((d) => !current(d)));
    setCapEdits({});
    setGraphInteractive(false);
  }

  function listDocuments() {
    listingAbort.current?.abort();
    const abort = (listingAbort.current = new AbortController());
    setListing({ busy: true });
    startTransition(async () => {
      const started = await listDocumentsAction({ countryCode, id: companyId });
      if (!started.ok) return setListing({ busy: false, error: started.registry ? errorText(started.code, started.error) : started.error });
      const result = await awaitDocumentListing(started.data.requestId, abort.signal);
      if ("error" in result) return setListing({ busy: false, error: result.error });
      setDocuments(result.documents);
      setListing({ busy: false });
    });
  }

  function order() {
    setConfirming(false);
    setRefusal(undefined);
    startTransition(async () => {
      const result = await orderCompanyAction({
        countryCode,
        id: companyId,
        mode,
        dataPoints: chosen,
        documents: pickedDocuments,
        maxBudget: capNumber("maxBudget"),
        profileMaxBudget: capNumber("profileMaxBudget"),
        graphMaxBudget: chosen.includes("graph") ? capNumber("graphMaxBudget") : undefined,
        graphInteractive: chosen.includes("graph") && graphInteractive,
        caseReference,
        quotedTotal: quote.total,
      });
      if (result.ok) router.push(`/requests/${encodeURIComponent(result.data.requestId)}`);
      else setRefusal({ message: result.error, registry: result.registry, fieldErrors: result.fieldErrors });
    });
  }

  const capsShown = caps.filter((c) => c.name !== "graphMaxBudget" || chosen.includes("graph"));
  return (
    <section aria-labelledby="order-heading" className="space-y-4 rounded-lg border p-4">
      <h2 id="order-heading" className="text-lg font-semibold">
        {canOrder ? (Object.keys(held).length ? "Order more" : "Order") : "Prices"}
      </h2>
      {!canOrder && <p className="text-sm text-muted-foreground">Your role sees prices; ordering is for compliance officers and admins.</p>}
      {modes.length > 1 && (
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="mb-1 font-medium">Mode</legend>
          {modes.map((m) => (
            <label key={m} className="flex items-center gap-2">
              <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
              {markedLabel("requestMode", m)}
            </label>
          ))}
        </fieldset>
      )}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Button type="button" variant="outline" size="sm" onClick={chooseFullKyb}>
          Full KYB dossier
        </Button>
        <span className="text-muted-foreground">
          Chooses the profile, legal representatives, UBOs, shareholders, ownership graph and list of documents, where offered
          {Object.keys(held).length ? " and not already current in the company file" : ""}.
        </span>
      </div>
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-medium">Datapoints</legend>
        <ul className="divide-y rounded-md border">
          {offers.map((offer) => {
            const id = `dp-${offer.datapoint}`;
            return (
              <li key={offer.datapoint} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="flex items-center gap-2">
                  <Checkbox
                    id={id}
                    disabled={!offer.available}
                    checked={chosen.includes(offer.datapoint)}
                    onCheckedChange={(v) => toggle(offer.datapoint, v === true)}
                  />
                  <Label htmlFor={id} className={offer.available ? "" : "text-muted-foreground"}>
                    {label("datapoint", offer.datapoint)}
                  </Label>
                  {held[offer.datapoint] && (
                    <span className="text-xs text-muted-foreground" data-held={offer.datapoint}>
                      In the file since {held[offer.datapoint]!.asOf.slice(0, 10)}
                      {held[offer.datapoint]!.current ? "" : ", due for a refresh"}
                    </span>
                  )}
                </span>
                <span className="text-muted-foreground" data-price={offer.datapoint}>
                  {!offer.available
                    ? `Not offered for ${countryCode}`
                    : offer.free
                      ? "Free"
                      : offer.comesWith
                        ? `Comes with ${label("datapoint", offer.comesWith)} (${offer.price === undefined ? "no price given" : credits(offer.price)} for the block)`
                        : offer.price === undefined
                          ? "No price given"
                          : offer.datapoint === "graph"
                            ? `From ${credits(offer.price)}, more as it explores`
                            : credits(offer.price)}
                </span>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium">Documents</span>
          {canOrder && (
            <Button type="button" variant="outline" size="sm" onClick={listDocuments} disabled={listing.busy}>
              {listing.busy ? "Listing documents…" : documents ? "List again (free)" : "List available documents (free)"}
            </Button>
          )}
        </div>
        <FormError message={listing.error} />
        {documents && documents.length === 0 && (
          <p className="text-sm text-muted-foreground">The register lists no documents for this company.</p>
        )}
        {documents && documents.length > 0 && (
          <ul className="divide-y rounded-md border" aria-label="Available documents">
            {documents.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="flex min-w-0 items-center gap-2">
                  <Checkbox
                    id={`doc-${d.id}`}
                    checked={pickedDocuments.includes(d.id)}
                    onCheckedChange={(v) => setPickedDocuments((p) => (v === true ? [...p, d.id] : p.filter((x) => x !== d.id)))}
                  />
                  <Label htmlFor={`doc-${d.id}`} className="[overflow-wrap:anywhere]">
                    {d.nameInEnglish ?? d.name ?? "Document without a name"}
                    {d.date && <span className="text-muted-foreground"> · {d.date}</span>}
                    {d.format && <span className="text-muted-foreground"> · {d.format.toUpperCase()}</span>}
                  </Label>
                </span>
                <span className="text-muted-foreground">
                  {d.price === undefined ? "No price given" : d.price === 0 ? "Free" : credits(d.price)}
                  {d.estimatedDeliverySeconds !== undefined && ` · ready in ${duration(d.estimatedDeliverySeconds * 1000)}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {canOrder && (
        <div className="grid gap-3 sm:grid-cols-2">
          {capsShown.map((cap) => (
            <div key={cap.name} className="space-y-1">
              <Label htmlFor={cap.name}>{cap.label} (credits)</Label>
              <Input
                id={cap.name}
                inputMode="decimal"
                value={capValue(cap.name)}
                onChange={(e) => setCapEdits((c) => ({ ...c, [cap.name]: e.target.value }))}
                aria-invalid={Boolean(refusal?.fieldErrors?.[cap.name])}
              />
              <FormError message={refusal?.fieldErrors?.[cap.name]?.[0]} />
              {cap.name === "graphMaxBudget" && graphStops && (
                <p className="text-sm text-warning-foreground" data-testid="graph-cap-warning">
                  {graphOneLevelWarning}
                </p>
              )}
            </div>
          ))}
          <CaseReferenceField
            id="caseReference"
            value={caseReference}
            onChange={setCaseReference}
            errors={refusal?.fieldErrors?.caseReference}
          />
          {chosen.includes("graph") && (
            <label className="flex items-center gap-2 text-sm">
              <Switch checked={graphInteractive} onCheckedChange={setGraphInteractive} aria-label="Interactive graph" />
              Interactive graph (stops at the budget; expand later)
            </label>
          )}
        </div>
      )}
      <p className="text-base" data-testid="order-total" aria-live="polite">
        Total before anything is spent: <strong>{credits(quote.total)}</strong>
        <span className="text-sm text-muted-foreground">
          {" "}
          (profile {credits(quote.profile)}
          {chosen.includes("graph") && `, graph from ${credits(quote.graph)}, more as it explores, within its cap`}
          {pickedDocuments.length > 0 && `, documents ${credits(quote.documents)}`})
        </span>
      </p>
      {quote.unpriced.length > 0 && (
        <p className="text-sm text-warning-foreground">
          The pricing gives no price for {quote.unpriced.map((d) => label("datapoint", d)).join(", ")}: the registry quotes it when ordered,
          within your caps.
        </p>
      )}
      {refusal?.fieldErrors?.id && <FormError message={refusal.fieldErrors.id[0]} />}
      {refusal?.registry ? (
        <OrderError
          error={refusal.registry}
          onRaiseCap={(cap, value) => {
            setCapEdits((c) => ({
              ...c,
              [cap]: String(value),
              ...(cap !== "maxBudget" && Number(capValue("maxBudget")) < value ? { maxBudget: String(value) } : {}),
            }));
            setRefusal(undefined);
          }}
          onRetry={() => setConfirming(true)}
        />
      ) : (
        refusal && !refusal.fieldErrors?.id && <FormError message={refusal.message} />
      )}
      {canOrder && (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" onClick={() => setConfirming(true)} disabled={pending || chosen.length === 0}>
            {pending && !listing.busy ? "Ordering…" : `Order for ${credits(quote.total)}`}
          </Button>
          {chosen.length === 0 && <span className="text-sm text-muted-foreground">Choose at least one datapoint.</span>}
          <Badge variant="outline">{mode && label("requestMode", mode)}</Badge>
        </div>
      )}
      <ConfirmDialog
        confirm={
          confirming
            ? {
                title: `Order for ${credits(quote.total)}?`,
                body: `${chosen.map((d) => label("datapoint", d)).join(", ")}${pickedDocuments.length ? ` and ${count(pickedDocuments.length, "document")}` : ""}. Caps: ${capsShown.map((c) => `${c.label}: ${capNumber(c.name) === undefined ? "none" : credits(capNumber(c.name)!)}`).join("; ")}. Credits are spent when you confirm.`,
                action: `Spend up to ${credits(Number(capValue("maxBudget")) || quote.total)}`,
              }
            : undefined
        }
        onConfirm={order}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
