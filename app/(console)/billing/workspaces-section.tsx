import { WorkspaceIdForm } from "@/components/billing/workspace-id-form";
import { WorkspaceSpendTable } from "@/components/billing/workspace-spend-table";
import { RegistryProblem } from "@/components/connections/registry-problem";
import { spendOverviewForRender } from "@/lib/billing/spend-overview";
import type { Registry } from "@/lib/connections/registry-for";
import { removeOverrideAction, saveOverrideAction } from "./override-actions";

/**
 * The workspaces in one table: spend in each one's high-usage window (lib/billing/spend-in-window.ts), the tier it
 * reached, whether it has an override; each row opens a drawer with its settings, override editor and spend chart.
 * Without GET /v2/workspaces the workspaces the usage names are listed, and any can be opened by its id.
 */
export async function WorkspacesSection({ registry, canManage }: { registry: Registry; canManage: boolean }) {
  const overview = await spendOverviewForRender(registry);
  const { listing, workspaces } = overview;
  return (
    <section aria-labelledby="workspaces-heading" className="space-y-3">
      <div>
        <h2 id="workspaces-heading" className="text-lg font-semibold">
          Workspaces
        </h2>
        <p className="text-sm text-muted-foreground">
          Each workspace&apos;s spend in its high-usage window (the window its tiers are measured over, stated under the figure), the tier
          that spend reached, and whether it has its own override; a workspace without one inherits the account&apos;s per-workspace
          defaults. Open a workspace by its name for its settings, {canManage ? "its override editor " : ""}and its spend chart.
        </p>
      </div>
      {listing.missing && (
        <div className="space-y-3">
          <p className="text-sm text-muted-foreground">
            {listing.missing} {workspaces.length ? "Listed: the workspaces the usage report names. " : ""}Open a workspace by its id
            instead.
          </p>
          <WorkspaceIdForm />
        </div>
      )}
      {listing.error && <RegistryProblem what="Listing the workspaces" error={listing.error} />}
      {overview.missing && <p className="text-sm text-muted-foreground">{overview.missing} Spend per workspace is not known.</p>}
      {overview.error && <RegistryProblem what="Reading the workspaces' usage" error={overview.error} />}
      {workspaces.length ? (
        <WorkspaceSpendTable
          workspaces={workspaces}
          spendKnown={overview.source === "registry"}
          actions={canManage ? { save: saveOverrideAction, remove: removeOverrideAction } : undefined}
        />
      ) : (
        !listing.missing && !listing.error && <p className="text-sm text-muted-foreground">The registry lists no workspaces.</p>
      )}
    </section>
  );
}
