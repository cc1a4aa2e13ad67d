import { RegistryProblem } from "@/components/connections/registry-problem";
import type { WorkspaceSpend } from "@/lib/billing/spend-overview";
import { credits, windowWords } from "@/lib/vocabulary/units.shared";
import { workspaceName } from "@/lib/workspaces/workspace-name.shared";
import { SpendChart } from "./spend-chart";
import { forecastWords } from "./spend-forecast-words";

const settingWords = (source: "account" | "workspace") =>
  source === "workspace" ? "set for this workspace" : "inherited from the account";

/** One workspace's spend over the charted range: the total, its windowed spend as a chart against its tiers, and a forecast. */
export function WorkspaceSpendFigure({ workspace }: { workspace: WorkspaceSpend }) {
  const name = workspaceName({ name: workspace.name, id: workspace.workspaceId });
  const { settings, charted, inRange } = workspace;
  const effective = settings.value;
  return (
    <figure className="space-y-2 rounded-md border p-3" data-workspace-spend={workspace.workspaceId}>
      <figcaption className="text-sm">
        {inRange?.credits !== undefined && (
          <>
            <span className="font-medium">{credits(inRange.credits)}</span> spent {inRange.window.words}.{" "}
          </>
        )}
        {effective ? (
          <>
            The line is the spend in any {windowWords(effective.periodMinutes.value)} window (its high-usage window,{" "}
            {settingWords(effective.periodMinutes.source)}); the dashed lines are its tiers ({settingWords(effective.tiers.source)}).
            {!effective.enabled.value && ` High-usage notifications are off (${settingWords(effective.enabled.source)}): no tier fires.`}
          </>
        ) : (
          <>The line is the spend in any 24 hours window.</>
        )}
      </figcaption>
      {settings.missing && (
        <p className="text-sm text-muted-foreground">Its tiers and window cannot be read, so no tier lines are drawn.</p>
      )}
      {settings.error && <RegistryProblem what="Reading this workspace's high-usage settings" error={settings.error} />}
      {charted ? (
        <>
          <SpendChart label={name} series={charted.series} tiers={effective?.tiers.value ?? []} />
          {charted.forecast && <p className="text-sm">{forecastWords(charted.forecast)}</p>}
        </>
      ) : (
        <p className="text-sm text-muted-foreground">The registry reports no charges for this workspace: no chart.</p>
      )}
    </figure>
  );
}
