import { WorkspaceIdForm } from "@/components/billing/workspace-id-form";
import { WorkspaceOverridePanel } from "@/components/billing/workspace-override-panel";
import { RegistryProblem } from "@/components/connections/registry-problem";
import { mapBounded } from "@/lib/async/map-bounded";
import { billingWorkspaces, workspaceReadsAtOnce } from "@/lib/billing/billing-workspaces";
import { workspaceBillingViewForRender } from "@/lib/billing/workspace-view";
import type { Registry } from "@/lib/connections/registry-for";
import { removeOverrideAction, saveOverrideAction } from "./override-actions";

/**
 * Each workspace's high-usage settings: the effective value of each one and where it comes from, with the override
 * editor for those who hold manageBilling. Without GET /v2/workspaces, a workspace is opened by its id instead.
 */
export async function WorkspaceOverridesSection({ registry, canManage }: { registry: Registry; canManage: boolean }) {
  const workspaces = await billingWorkspaces(registry);
  const views = await mapBounded(workspaces.value ?? [], workspaceReadsAtOnce, (workspace) =>
    workspaceBillingViewForRender(registry, workspace.id),
  );
  const actions = canManage ? { save: saveOverrideAction, remove: removeOverrideAction } : undefined;

  return (
    <section aria-labelledby="workspace-overrides-heading" className="space-y-3">
      <div>
        <h2 id="workspace-overrides-heading" className="text-lg font-semibold">
          High-usage settings per workspace
        </h2>
        <p className="text-sm text-muted-foreground">
          A workspace inherits the account&apos;s per-workspace defaults, setting by setting, unless its override sets its own. Tier
          thresholds are credit cents, shown as money.
        </p>
      </div>
      {workspaces.missing && (
        <div className="space-y-3">
          <p className="text-sm text-muted-foreground">{workspaces.missing} Open a workspace by its id instead.</p>
          <WorkspaceIdForm />
        </div>
      )}
      {workspaces.error && <RegistryProblem what="Listing the workspaces" error={workspaces.error} />}
      {workspaces.value?.length === 0 && <p className="text-sm text-muted-foreground">The registry lists no workspaces.</p>}
      {workspaces.value?.map((workspace, index) => (
        <WorkspaceOverridePanel key={workspace.id} workspace={workspace} view={views[index]!} actions={actions} />
      ))}
    </section>
  );
}
