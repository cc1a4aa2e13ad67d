import type { Metadata } from "next";
import { NoConnectionNotice, RegistryProblem } from "@/components/connections/registry-problem";
import { CredentialsForm } from "@/components/vault/credentials-form";
import { VaultEntriesTable } from "@/components/vault/vault-entries-table";
import { WorkspacePicker } from "@/components/vault/workspace-picker";
import { can } from "@/lib/auth/capabilities";
import { guardPage } from "@/lib/auth/guard-page";
import { billingWorkspaces } from "@/lib/billing/billing-workspaces";
import { noConnection } from "@/lib/connections/no-connection";
import { registryFor } from "@/lib/connections/registry-for";
import { settle } from "@/lib/registry/settle";
import { replacesHeldCredentials, vaultEntryRows } from "@/lib/vault/entry-view";
import { storeCredentialsAction } from "./actions";

export const metadata: Metadata = { title: "Vault" };

const firstOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/**
 * A workspace's vault: its entries (metadata only; the registry never returns stored values) and a form per source
 * it does not hold yet. Replacing held credentials waits for dual control.
 */
export default async function VaultPage({ searchParams }: PageProps<"/vault">) {
  const user = await guardPage("manageVault");
  const opened = await settle(registryFor());
  if (opened.error?.code === noConnection) {
    return <NoConnectionNotice message={opened.error.message} canAdd={can(user.role, "manageConnections")} />;
  }
  if (opened.error) return <RegistryProblem what="Opening the registry connection" error={opened.error} />;
  const registry = opened.value;
  const workspaces = await billingWorkspaces(registry);
  const asked = firstOf((await searchParams).workspace);
  const workspace = asked ?? workspaces.value?.[0]?.name ?? "default";
  const workspaceId = workspaces.value?.find((w) => w.name === workspace)?.id;
  const [entries, sources] = await Promise.all([settle(registry.client.listVault(workspace)), settle(registry.client.vaultSources())]);
  const rows = entries.value ? vaultEntryRows(entries.value, workspaceId, new Date()) : [];

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">Vault</h1>
        <p className="text-sm text-muted-foreground">
          Credentials some registers need, per workspace, through {registry.connection.name}. Stored values are never shown; fill every
          field to replace them. Replacing or deleting credentials a workspace holds needs a second admin&apos;s approval, which comes with
          dual control.
        </p>
      </div>
      <WorkspacePicker workspaces={workspaces.value} missing={workspaces.missing} current={workspace} />
      {workspaces.error && <RegistryProblem what="Listing the workspaces" error={workspaces.error} />}

      <section aria-labelledby="vault-entries-heading" className="space-y-3">
        <h2 id="vault-entries-heading" className="text-lg font-semibold">
          Entries of {workspace}
        </h2>
        {entries.error ? (
          <RegistryProblem what={`Reading the vault of ${workspace}`} error={entries.error} />
        ) : (
          <VaultEntriesTable rows={rows} workspace={workspace} />
        )}
      </section>

      <section aria-labelledby="vault-add-heading" className="space-y-4">
        <h2 id="vault-add-heading" className="text-lg font-semibold">
          Add credentials to {workspace}
        </h2>
        {sources.error && <RegistryProblem what="Reading the vault sources" error={sources.error} />}
        {entries.value &&
          sources.value?.map((source) =>
            replacesHeldCredentials(rows, source.key) ? (
              <p key={source.key} id={`source-${source.key}`} className="rounded-md border border-dashed px-4 py-2 text-sm">
                {workspace} holds credentials for <span className="font-mono">{source.key}</span>. Replacing them needs a second
                admin&apos;s approval, which comes with dual control.
              </p>
            ) : (
              <CredentialsForm
                key={source.key}
                workspace={workspace}
                source={source}
                inherited={rows.some((row) => row.sourceKey === source.key)}
                store={storeCredentialsAction}
              />
            ),
          )}
      </section>
    </div>
  );
}
