import { SpendChart } from "@/components/billing/spend-chart";
import { forecastWords } from "@/components/billing/spend-forecast-words";
import { RegistryProblem } from "@/components/connections/registry-problem";
import { creditCentsAsMoney, creditCentsTitle } from "@/components/money/credit-cents";
import type { HighUsageTier } from "@/lib/billing/effective-settings";
import { spendOverview, type ChartedSpend, type WorkspaceSpend } from "@/lib/billing/spend-overview";
import { spendRangeDays } from "@/lib/billing/spend-source";
import { windowWords } from "@/lib/vocabulary/units";
import type { Registry } from "@/lib/connections/registry-for";

const settingWords = (source: "account" | "workspace") =>
  source === "workspace" ? "set for this workspace" : "inherited from the account";

/** The chart, and the forecast when the tiers are known. */
function Charted({ label, charted, tiers }: { label: string; charted: ChartedSpend; tiers: readonly HighUsageTier[] }) {
  return (
    <>
      <SpendChart label={label} series={charted.series} tiers={tiers} />
      {charted.forecast && <p className="text-sm">{forecastWords(charted.forecast)}</p>}
    </>
  );
}

function WorkspaceSpendCard({ workspace }: { workspace: WorkspaceSpend }) {
  const name = workspace.name ?? workspace.workspaceId;
  const { settings, charted } = workspace;
  const effective = settings.value;
  return (
    <figure className="space-y-2 rounded-md border p-3" data-workspace-spend={workspace.workspaceId}>
      <figcaption className="text-sm">
        <span className="font-medium">Workspace {name}</span>:{" "}
        <span title={creditCentsTitle(workspace.totalCents)}>{creditCentsAsMoney(workspace.totalCents)}</span> spent in the last{" "}
        {spendRangeDays} days.{" "}
        {effective ? (
          <>
            The line is the spend in any {windowWords(effective.periodMinutes.value)} window (its high-usage window,{" "}
            {settingWords(effective.periodMinutes.source)}); the dashed lines are its tiers ({settingWords(effective.tiers.source)}).
            {!effective.enabled.value && ` High-usage notifications are off (${settingWords(effective.enabled.source)}): no tier fires.`}
          </>
        ) : (
          <>The line is the spend in any 24 h window.</>
        )}
      </figcaption>
      {settings.missing && (
        <p className="text-sm text-muted-foreground">{settings.missing} Its tiers and window cannot be read, so no tier lines are drawn.</p>
      )}
      {settings.error && <RegistryProblem what="Reading this workspace's high-usage settings" error={settings.error} />}
      {charted ? (
        <Charted label={`Workspace ${name}`} charted={charted} tiers={effective?.tiers.value ?? []} />
      ) : (
        <p className="text-sm text-muted-foreground">The registry reports this workspace&apos;s total only, not its charges: no chart.</p>
      )}
    </figure>
  );
}

/**
 * Spend over time: per workspace, the last 30 days of `GET /v2/workspaces/usage` (vendor-documented; credit cents)
 * summed over the workspace's effective high-usage window, its tiers drawn over it and a forecast. Without that
 * endpoint, the costs this console recorded for its own requests, converted openly from credits.
 */
export async function SpendSection({ registry }: { registry: Registry }) {
  const overview = await spendOverview(registry);
  return (
    <section aria-labelledby="spend-heading" className="space-y-3">
      <div>
        <h2 id="spend-heading" className="text-lg font-semibold">
          Spend over time
        </h2>
        <p className="text-sm text-muted-foreground">
          The last {spendRangeDays} days, in credit cents shown as money. Hover a day for its highest windowed spend. Times are UTC.
        </p>
      </div>
      {overview.error && <RegistryProblem what="Reading the workspaces' usage" error={overview.error} />}
      {overview.source === "recorded" && (
        <figure className="space-y-2 rounded-md border p-3" data-spend-source="recorded">
          <figcaption className="space-y-1 text-sm">
            <span className="block text-muted-foreground">{overview.missing}</span>
            <span className="block">
              Instead: the costs recorded by this console for its own requests through {registry.connection.name}: requests by other clients
              are not included. The registry reports them in credits; they are converted to credit cents at 100 per credit (1 credit shows
              as 1.00). All workspaces together, in any 24 h window; no workspace&apos;s tiers are drawn over them.
            </span>
          </figcaption>
          <Charted label="Recorded by this console" charted={overview.charted} tiers={[]} />
        </figure>
      )}
      {overview.source === "registry" &&
        (overview.workspaces.length ? (
          overview.workspaces.map((workspace) => <WorkspaceSpendCard key={workspace.workspaceId} workspace={workspace} />)
        ) : (
          <p className="text-sm text-muted-foreground">The registry reports no workspaces in its usage.</p>
        ))}
    </section>
  );
}
