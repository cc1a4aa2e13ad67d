import type { Metadata } from "next";
import { NoConnectionNotice, RegistryProblem } from "@/components/connections/registry-problem";
import { RefreshOnLive } from "@/components/live/refresh-on-live";
import { CreateWorkspaceForm } from "@/components/workspaces/create-workspace-form";
import { UsagePeriodPicker } from "@/components/workspaces/usage-period-picker";
import { WorkspacesTable } from "@/components/workspaces/workspaces-table";
import { can } from "@/lib/auth/capabilities.shared";
import { guardPage } from "@/lib/auth/guard-page";
import { billingWorkspaces } from "@/lib/billing/billing-workspaces";
import { readSpendInWindow, windowOfPeriod } from "@/lib/billing/spend-in-window";
import { noConnection } from "@/lib/connections/no-connection";
import { registryFor } from "@/lib/connections/registry-for";
import { liveTopics } from "@/lib/live/topics.shared";
import { settle } from "@/lib/registry/settle";
import { credits } from "@/lib/vocabulary/units.shared";
import { knownWorkspaceNames } from "@/lib/workspaces/known-workspaces";
import { usagePeriod } from "@/lib/workspaces/usage-period";
import { waitingWorkspaceChanges } from "@/lib/workspaces/waiting-changes";
import { workspaceRows } from "@/lib/workspaces/workspace-rows";
import { changeLegalNameAction, createWorkspaceAction, requestUboAccessAction, requestWorkspaceDeleteAction } from "./actions";

export const metadata: Metadata = { title: "Workspaces" };

/**
 * The account's workspaces through the active connection: every role reads, admins create them and edit legal
 * names. Without GET /v2/workspaces the page lists the names the console has seen or created, and says so; without
 * the usage report the usage column is empty, with one line saying why. An admin's page re-renders on each event of
 * the `pending-changes` topic, so a UBO switch or deletion decided in another admin's session shows without a reload.
 */
export default async function WorkspacesPage({ searchParams }: PageProps<"/workspaces">) {
  const user = await guardPage("readWorkspaces");
  const now = new Date();
  const period = usagePeriod(await searchParams, now);
  const opened = await settle(registryFor());
  if (opened.error?.code === noConnection) {
    return <NoConnectionNotice message={opened.error.message} canAdd={can(user.role, "manageConnections")} />;
  }
  if (opened.error) return <RegistryProblem what="Opening the registry connection" error={opened.error} />;
  const registry = opened.value;
  const canManage = can(user.role, "manageWorkspaces");

  const [list, spent] = await Promise.all([
    billingWorkspaces(registry),
    readSpendInWindow(registry, windowOfPeriod(period, now.getTime())),
  ]);
  const known = list.missing ? await knownWorkspaceNames(registry.connection.id) : [];
  const rows = workspaceRows(list.value, known, spent.source === "registry" ? spent.workspaces : undefined);
  const waiting = canManage ? await waitingWorkspaceChanges(registry.connection.id) : {};

  return (
    <div className="space-y-6">
      {canManage && <RefreshOnLive topic={liveTopics.pendingChanges} />}
      <div>
        <h1 className="text-2xl font-semibold">Workspaces</h1>
        <p className="text-sm text-muted-foreground">
          Through {registry.connection.name}. Requests and spend belong to a workspace; the registry addresses each by its name. Spend is in
          credits.
          {!canManage && " You can read the workspaces; creating them and editing their legal names is for admins."}
        </p>
      </div>

      <section aria-labelledby="workspaces-heading" className="space-y-3">
        <h2 id="workspaces-heading" className="text-lg font-semibold">
          Workspaces and their usage
        </h2>
        <UsagePeriodPicker period={period} />
        {period.problem && (
          <p role="status" className="text-sm text-destructive">
            {period.problem}
          </p>
        )}
        {list.missing && (
          <p className="text-sm text-muted-foreground">
            {list.missing} Listed instead: the workspaces this console has seen in its stored requests or created itself.
          </p>
        )}
        {list.error && <RegistryProblem what="Listing the workspaces" error={list.error} />}
        {spent.source === "recorded" && (
          <p className="text-sm text-muted-foreground">
            {spent.missing} Spend per workspace is not shown; this console recorded {credits(spent.totalCredits)} for its own requests{" "}
            {spent.window.words}, all workspaces together.
          </p>
        )}
        {spent.error && <RegistryProblem what="Reading the workspaces' usage" error={spent.error} />}
        {spent.source === "registry" && spent.totalCredits !== undefined && (
          <p className="text-sm" data-testid="all-workspaces-spend">
            All workspaces together: <strong>{credits(spent.totalCredits)}</strong> {spent.window.words}.
          </p>
        )}
        <p className="text-sm">
          UBO access lets a workspace read beneficial-ownership data: enable it only for entities obliged under anti-money-laundering law. A
          new workspace starts with it off. Changing it, and deleting a workspace, need a second admin&apos;s approval (dual control, in
          Settings → Approvals).
        </p>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {list.value ? "The registry lists no workspaces." : "This console has seen no workspaces through this connection yet."}
          </p>
        ) : (
          <WorkspacesTable
            rows={rows}
            windowWords={spent.source === "registry" ? spent.window.words : undefined}
            changeLegalName={canManage ? changeLegalNameAction : undefined}
            sensitive={
              canManage ? { requestUboAccess: requestUboAccessAction, requestDelete: requestWorkspaceDeleteAction, waiting } : undefined
            }
          />
        )}
      </section>

      {canManage && <CreateWorkspaceForm create={createWorkspaceAction} />}
    </div>
  );
}
