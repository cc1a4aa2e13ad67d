import { RegistryProblem } from "@/components/connections/registry-problem";
import { Badge } from "@/components/ui/badge";
import type { ActionResult } from "@/lib/auth/role-action";
import { resolvedHighUsage } from "@/lib/billing/override-comparison";
import type { VendorRead } from "@/lib/billing/vendor-endpoint";
import type { WorkspaceBillingView } from "@/lib/registry/schemas";
import { EffectiveSettingsTable } from "./effective-settings-table";
import { OverrideControls } from "./override-controls";
import type { SaveOverride } from "./override-editor";

type Props = {
  workspace: { id: string; name?: string; isDefault?: boolean };
  /** GET /v2/billing/notifications/workspaces/{id}/config, as read. */
  view: VendorRead<WorkspaceBillingView>;
  /** The override actions, for those who hold manageBilling; without them the panel is read-only. */
  actions?: { save: SaveOverride; remove: (input: { workspaceId: string }) => Promise<ActionResult<undefined>> };
};

const when = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

/**
 * One workspace's high-usage settings: each setting's effective value and where it comes from, and for those who
 * may, the override editor and its removal. Where the registry does not show the view, it says so and still
 * offers to set or remove the override (PATCH and DELETE are in the spec).
 */
export function WorkspaceOverridePanel({ workspace, view, actions }: Props) {
  const name = workspace.name ?? workspace.id;
  const override = view.value?.workspaceOverride ?? null;
  const headingId = `workspace-${workspace.id}`;
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-lg border p-4" data-workspace={workspace.id}>
      <header className="space-y-1">
        <h3 id={headingId} className="flex flex-wrap items-center gap-2 font-medium [overflow-wrap:anywhere]">
          {name}
          {workspace.isDefault && <Badge variant="secondary">default workspace</Badge>}
        </h3>
        <p className="text-xs text-muted-foreground">
          <code>{workspace.id}</code>
          {view.value &&
            (override
              ? ` · override last changed ${when(override.updatedAt)}`
              : " · no override: every setting is inherited from the account")}
        </p>
      </header>
      {view.value && (
        <EffectiveSettingsTable label={`High-usage settings of ${name}`} resolved={resolvedHighUsage(view.value.accountConfig, override)} />
      )}
      {view.missing && (
        <p className="text-sm text-muted-foreground">
          The effective values cannot be read from this registry. {view.missing}
          {actions && " You can still set or remove this workspace's override."}
        </p>
      )}
      {view.error && <RegistryProblem what="Reading this workspace's high-usage settings" error={view.error} />}
      {actions && !view.error && (
        <OverrideControls
          workspace={{ id: workspace.id, name }}
          account={view.value?.accountConfig}
          current={view.value ? override : "unreadable"}
          save={actions.save}
          remove={actions.remove}
        />
      )}
    </article>
  );
}
