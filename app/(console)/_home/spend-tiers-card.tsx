import { HomeCard, HomeCardEmpty, HomeCardFailure } from "@/components/home/home-card";
import { spendOverview, type WorkspaceSpend } from "@/lib/billing/spend-overview";
import { registryFor } from "@/lib/connections/registry-for";
import { loadCard } from "@/lib/home/card-data";
import { credits, creditsFromCents } from "@/lib/vocabulary/units.shared";
import { errorText, label } from "@/lib/vocabulary/words.shared";
import { workspaceName } from "@/lib/workspaces/workspace-name.shared";

/** One workspace's spend in its current high-usage window (lib/billing/spend-in-window.ts), the window stated, against its tiers. */
function WorkspaceLine({ workspace }: { workspace: WorkspaceSpend }) {
  const { inWindow, inRange, tier } = workspace;
  const tiersKnown = Boolean(workspace.settings.value);
  return (
    <li>
      <span className="font-medium">{workspaceName({ name: workspace.name, id: workspace.workspaceId })}</span>:{" "}
      {inWindow?.credits === undefined ? (
        <>
          {inRange?.credits !== undefined && `${credits(inRange.credits)} ${inRange.window.words} `}(the registry reports no charges to sum
          over its high-usage window)
        </>
      ) : (
        <>
          {credits(inWindow.credits)} {inWindow.window.words}
          {tier?.reached && <>, past the {label("billingTier", tier.reached.tier)} tier</>}
          {tier?.next && (
            <>
              ; {label("billingTier", tier.next.tier)} at {creditsFromCents(tier.next.cents)}
            </>
          )}
          {!tiersKnown && " (its tiers could not be read)"}
        </>
      )}
    </li>
  );
}

/** Each workspace's spend in its current high-usage window against its tiers (the Billing table, in one line each). */
export async function SpendTiersCard() {
  const data = await loadCard("spend against tiers", async () => spendOverview(await registryFor()));
  const overview = data.value;
  const spending = overview?.source === "registry" ? overview.workspaces.filter((w) => w.inRange?.credits) : [];
  return (
    <HomeCard title="Spend against high-usage tiers" href="/billing#workspaces-heading" linkLabel="Workspaces in Billing">
      {data.failure !== undefined && <HomeCardFailure failure={data.failure} />}
      {overview?.error && <HomeCardFailure failure={errorText(overview.error.code, overview.error.message)} />}
      {overview?.source === "recorded" && overview.all.current && (
        <>
          <HomeCardEmpty>{overview.missing}</HomeCardEmpty>
          <p>
            Recorded by this console {overview.all.current.window.words}: <strong>{credits(overview.all.current.credits)}</strong>
          </p>
        </>
      )}
      {overview?.source === "registry" &&
        (spending.length === 0 ? (
          <HomeCardEmpty>No workspace has spent anything {overview.range.words}.</HomeCardEmpty>
        ) : (
          <ul className="space-y-1">
            {spending.map((workspace) => (
              <WorkspaceLine key={workspace.workspaceId} workspace={workspace} />
            ))}
          </ul>
        ))}
    </HomeCard>
  );
}
