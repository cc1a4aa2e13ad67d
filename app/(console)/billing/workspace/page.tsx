import type { Metadata } from "next";
import Link from "next/link";
import { WorkspaceIdForm } from "@/components/billing/workspace-id-form";
import { WorkspaceOverridePanel } from "@/components/billing/workspace-override-panel";
import { NoConnectionNotice, RegistryProblem } from "@/components/connections/registry-problem";
import { can } from "@/lib/auth/capabilities.shared";
import { guardPage } from "@/lib/auth/guard-page";
import { isWorkspaceId, workspaceIdProblem } from "@/lib/billing/workspace-id";
import { readWorkspaceBillingView } from "@/lib/billing/workspace-view";
import { noConnection } from "@/lib/connections/no-connection";
import { registryFor } from "@/lib/connections/registry-for";
import { settle } from "@/lib/registry/settle";
import { removeOverrideAction, saveOverrideAction } from "../override-actions";

export const metadata: Metadata = { title: "Workspace high-usage override" };

/**
 * One workspace's high-usage settings, opened by its id: for a registry that does not list its workspaces
 * (GET /v2/workspaces answers 404). The id is checked as a UUID before anything is read or sent.
 */
export default async function WorkspaceOverridePage({ searchParams }: PageProps<"/billing/workspace">) {
  const user = await guardPage("readBilling");
  const given = (await searchParams).id;
  const id = typeof given === "string" ? given.trim() : "";
  const valid = isWorkspaceId(id);

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <p className="text-sm">
          <Link href="/billing" className="text-muted-foreground underline underline-offset-4">
            Billing
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">Workspace high-usage override</h1>
        <p className="text-sm text-muted-foreground">
          For a registry that does not list its workspaces: open one by its id (a UUID) to see its high-usage settings and, if your role
          allows, set or remove its override.
        </p>
      </div>
      <WorkspaceIdForm value={id} problem={id && !valid ? workspaceIdProblem : undefined} />
      {valid && <Workspace id={id} canManage={can(user.role, "manageBilling")} canAddConnection={can(user.role, "manageConnections")} />}
    </div>
  );
}

async function Workspace({ id, canManage, canAddConnection }: { id: string; canManage: boolean; canAddConnection: boolean }) {
  const opened = await settle(registryFor());
  if (opened.error?.code === noConnection) return <NoConnectionNotice message={opened.error.message} canAdd={canAddConnection} />;
  if (opened.error) return <RegistryProblem what="Opening the registry connection" error={opened.error} />;
  const view = await readWorkspaceBillingView(opened.value, id);
  return (
    <WorkspaceOverridePanel
      workspace={{ id }}
      view={view}
      actions={canManage ? { save: saveOverrideAction, remove: removeOverrideAction } : undefined}
    />
  );
}
