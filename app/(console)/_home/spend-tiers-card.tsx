import { HomeCard, HomeCardEmpty, HomeCardFailure } from "@/components/home/home-card";
import { spendOverview } from "@/lib/billing/spend-overview";
import { registryFor } from "@/lib/connections/registry-for";
import { loadCard } from "@/lib/home/card-data";
import { tierPosition } from "@/lib/home/tier-position";
import { creditsFromCents } from "@/lib/vocabulary/units";
import { errorText, label } from "@/lib/vocabulary/words";

/** Each workspace's spend in its current high-usage window against its tiers (the /billing spend section, in one line each). */
export async function SpendTiersCard() {
  const data = await loadCard("spend against tiers", async () => spendOverview(await registryFor()));
  const overview = data.value;
  return (
    <HomeCard title="Spend against high-usage tiers" href="/billing#spend-heading" linkLabel="Spend in Billing">
      {data.failure !== undefined && <HomeCardFailure failure={data.failure} />}
      {overview?.error && <HomeCardFailure failure={errorText(overview.error.code, overview.error.message)} />}
      {overview?.source === "recorded" && (
        <>
          <HomeCardEmpty>{overview.missing}</HomeCardEmpty>
          <p>
            Recorded by this console in the last 24 hours: <strong>{creditsFromCents(overview.charted.series.currentCents)}</strong>
          </p>
        </>
      )}
      {overview?.source === "registry" &&
        (overview.workspaces.length === 0 ? (
          <HomeCardEmpty>No workspace has spent anything in the last 30 days.</HomeCardEmpty>
        ) : (
          <ul className="space-y-1">
            {overview.workspaces.map((workspace) => {
              const current = workspace.charted?.series.currentCents;
              const tiers = workspace.settings.value?.tiers.value;
              const position = current !== undefined && tiers ? tierPosition(current, tiers) : undefined;
              return (
                <li key={workspace.workspaceId}>
                  <span className="font-medium">{workspace.name ?? workspace.workspaceId}</span>:{" "}
                  {current === undefined ? (
                    <>{creditsFromCents(workspace.totalCents)} in 30 days (the registry reports no window)</>
                  ) : (
                    <>
                      {creditsFromCents(current)} in the current window
                      {position?.reached && <>, past the {label("billingTier", position.reached.tier)} tier</>}
                      {position?.next && (
                        <>
                          ; {label("billingTier", position.next.tier)} at {creditsFromCents(position.next.cents)}
                        </>
                      )}
                      {!tiers && " (its tiers could not be read)"}
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        ))}
    </HomeCard>
  );
}
