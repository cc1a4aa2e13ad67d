/** What the marks of the price list mean, under it. */
export function PriceLegend() {
  return (
    <dl className="grid max-w-3xl grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-xs text-muted-foreground">
      <dt className="font-medium text-foreground">Free</dt>
      <dd>The registry prices it at 0 credits (the list of available documents always is).</dd>
      <dt className="font-medium text-foreground">Included with …</dt>
      <dd>Bought with the named datapoint: its block&apos;s price covers it, at no extra cost.</dd>
      <dt className="font-medium text-foreground">Unavailable</dt>
      <dd>The registry lists the datapoint as not available in that country.</dd>
      <dt className="font-medium text-foreground">Not stated</dt>
      <dd>The block gives no price for that mode: nothing is assumed.</dd>
      <dt className="font-medium text-foreground">*</dt>
      <dd>Indicative: the registry marks the price as not authoritative.</dd>
      <dt className="font-medium text-foreground">Beta</dt>
      <dd>The country catalog marks the country&apos;s register connection as beta.</dd>
      <dt className="font-medium text-foreground">Monitored at no cost</dt>
      <dd>Datapoints the registry keeps monitoring for free, because their block costs nothing.</dd>
    </dl>
  );
}
