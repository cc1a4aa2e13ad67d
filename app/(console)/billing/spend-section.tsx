import { SpendChart } from "@/components/billing/spend-chart";
import { RegistryProblem } from "@/components/connections/registry-problem";
import { spendOverviewForRender } from "@/lib/billing/spend-overview";
import type { Registry } from "@/lib/connections/registry-for";
import { credits, windowWords } from "@/lib/vocabulary/units.shared";

/**
 * Spend over time, all workspaces together: the last 30 days of `GET /v2/workspaces/usage` (vendor-documented)
 * summed over one window, and the total. Each workspace's own chart opens with it in the table above. Without that
 * endpoint, the costs this console recorded for its own requests.
 */
export async function SpendSection({ registry }: { registry: Registry }) {
  const overview = await spendOverviewForRender(registry);
  const { all, range } = overview;
  return (
    <section aria-labelledby="spend-heading" className="space-y-3">
      <div>
        <h2 id="spend-heading" className="text-lg font-semibold">
          Spend over time
        </h2>
        <p className="text-sm text-muted-foreground">
          All workspaces together, {range.words}, in credits. Hover a day for its highest windowed spend. Times are UTC. Each
          workspace&apos;s own chart, against its tiers, opens with it in the table above.
        </p>
      </div>
      {overview.error && <RegistryProblem what="Reading the workspaces' usage" error={overview.error} />}
      {all.credits !== undefined && (
        <p className="text-sm" data-testid="all-workspaces-spend">
          All workspaces together: <strong>{credits(all.credits)}</strong> {range.words}
          {all.current && (
            <>
              ; {credits(all.current.credits)} {all.current.window.words}
            </>
          )}
          .
        </p>
      )}
      {all.charted && (
        <figure className="space-y-2 rounded-md border p-3" data-spend-source={overview.source}>
          <figcaption className="space-y-1 text-sm">
            {overview.source === "recorded" && (
              <>
                <span className="block text-muted-foreground">{overview.missing}</span>
                <span className="block">
                  Instead: the costs recorded by this console for its own requests through {registry.connection.name}: requests by other
                  clients are not included. No workspace&apos;s tiers are drawn over them.
                </span>
              </>
            )}
            <span className="block">
              The line is the spend of all workspaces in any {windowWords(all.charted.series.windowMinutes)} window.
            </span>
          </figcaption>
          <SpendChart label="All workspaces" series={all.charted.series} tiers={[]} />
        </figure>
      )}
      {overview.source === "registry" && !all.charted && (
        <p className="text-sm text-muted-foreground">The registry reports totals only, not charges: no chart.</p>
      )}
    </section>
  );
}
