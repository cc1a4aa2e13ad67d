import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { WorkspaceSpend } from "@/lib/billing/spend-overview";
import { credits } from "@/lib/vocabulary/units.shared";
import { workspaceName } from "@/lib/workspaces/workspace-name.shared";
import { SavedOverridesProvider } from "./saved-overrides";
import { WorkspaceDrawer } from "./workspace-drawer";
import { WorkspaceOverridePanel, type RemoveOverride, type SaveOverride } from "./workspace-override-panel";
import { OverrideCell, TierReachedCell } from "./workspace-row-cells";
import { WorkspaceSpendFigure } from "./workspace-spend-figure";

type Props = {
  workspaces: WorkspaceSpend[];
  /** The override actions, for those who hold manageBilling. */
  actions?: { save: SaveOverride; remove: RemoveOverride };
  /** Whether spend per workspace is known (the registry's usage report); without it the spend column says so once. */
  spendKnown: boolean;
};

/**
 * One row per workspace: its name (opening its drawer with its settings, override and spend chart), its spend in
 * its high-usage window with the window stated, the tier that spend reached, and whether it has an override.
 */
export function WorkspaceSpendTable({ workspaces, actions, spendKnown }: Props) {
  return (
    <SavedOverridesProvider>
      <Table aria-label="Workspaces" stacked>
        <TableHeader>
          <TableRow>
            <TableHead>Workspace</TableHead>
            <TableHead className="text-right">Spend in its high-usage window</TableHead>
            <TableHead>Tier reached</TableHead>
            <TableHead>Own override</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {workspaces.map((workspace) => {
            const name = workspaceName({ name: workspace.name, id: workspace.workspaceId });
            const { inWindow, view } = workspace;
            return (
              <TableRow key={workspace.workspaceId} data-workspace-row={workspace.workspaceId}>
                <TableCell className="align-top">
                  <WorkspaceDrawer name={name}>
                    <WorkspaceOverridePanel
                      workspace={{ id: workspace.workspaceId, name: workspace.name, isDefault: workspace.isDefault }}
                      view={view}
                      actions={actions}
                    />
                    {spendKnown && <WorkspaceSpendFigure workspace={workspace} />}
                  </WorkspaceDrawer>
                  {workspace.isDefault && (
                    <Badge variant="secondary" className="ml-2">
                      default
                    </Badge>
                  )}
                </TableCell>
                <TableCell className="text-right align-top" data-label="Spend in its high-usage window">
                  {inWindow?.credits !== undefined ? (
                    <>
                      <span className="tabular-nums">{credits(inWindow.credits)}</span>
                      <span className="block text-xs text-muted-foreground">{inWindow.window.words}</span>
                    </>
                  ) : (
                    <span className="text-muted-foreground">{spendKnown ? "a total only" : "not reported"}</span>
                  )}
                </TableCell>
                <TableCell className="align-top" data-label="Tier reached">
                  <TierReachedCell
                    workspaceId={workspace.workspaceId}
                    account={view.value?.accountConfig}
                    initial={view.value?.workspaceOverride}
                    spentCents={inWindow?.creditCents}
                    windowMinutes={workspace.settings.value?.periodMinutes.value ?? 0}
                  />
                </TableCell>
                <TableCell className="align-top" data-label="Own override">
                  <OverrideCell workspaceId={workspace.workspaceId} initial={view.value ? view.value.workspaceOverride : undefined} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </SavedOverridesProvider>
  );
}
