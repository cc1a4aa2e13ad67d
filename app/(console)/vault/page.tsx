import type { Metadata } from "next";
import { Suspense } from "react";
import { NoConnectionNotice, RegistryProblem } from "@/components/connections/registry-problem";
import { RefreshOnLive } from "@/components/live/refresh-on-live";
import { CredentialsForm } from "@/components/vault/credentials-form";
import { PendingReplacements } from "@/components/vault/pending-replacements";
import { ReplacementRequestForm } from "@/components/vault/replacement-request-form";
import { SourceOutcomes, WaitingSourceNote } from "@/components/vault/source-outcome";
import { VaultCoverage } from "@/components/vault/vault-coverage";
import { VaultEntriesTable } from "@/components/vault/vault-entries-table";
import { WorkspacePicker } from "@/components/vault/workspace-picker";
import { can } from "@/lib/auth/capabilities.shared";
import { guardPage } from "@/lib/auth/guard-page";
import { billingWorkspaces } from "@/lib/billing/billing-workspaces";
import { noConnection } from "@/lib/connections/no-connection";
import { registryFor } from "@/lib/connections/registry-for";
import { dualControlMode } from "@/lib/dual-control/dual-control-mode";
import type { PendingChangeView } from "@/lib/dual-control/pending-changes";
import type { VaultSource } from "@/lib/registry/schemas.shared";
import { liveTopics } from "@/lib/live/topics.shared";
import { settle } from "@/lib/registry/settle";
import { replacesHeldCredentials, vaultEntryRows, type VaultEntryRow } from "@/lib/vault/entry-view";
import { pendingReplacements, replacementTarget } from "@/lib/vault/replace-credentials";
import { approveReplacementAction, requestReplacementAction, storeCredentialsAction } from "./actions";
import { label } from "@/lib/vocabulary/words.shared";

export const metadata: Metadata = { title: "Vault" };

const firstOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

type SourceFormContext = {
  workspace: string;
  rows: VaultEntryRow[];
  /** Whether replacing held credentials waits for a second admin now. */
  dualControlApplies: boolean;
  replacements: PendingChangeView[];
  /** The pending change the viewer came to approve (`?approve=`), if any. */
  approving?: string;
  viewerId: string;
};

/**
 * The form a source gets: add (not held here), approve (the viewer came to approve another admin's pending
 * replacement), replace now (dual control does not apply), a waiting note, or the reason-only request.
 */
function SourceForm({ source, context }: { source: VaultSource; context: SourceFormContext }) {
  const { workspace, rows } = context;
  const inherited = rows.some((row) => row.sourceKey === source.key);
  if (!replacesHeldCredentials(rows, source.key)) {
    return (
      <CredentialsForm
        workspace={workspace}
        source={source}
        inherited={inherited}
        purpose={{ kind: "add" }}
        send={storeCredentialsAction}
      />
    );
  }
  const waiting = context.replacements.find((change) => change.target === replacementTarget(workspace, source.key));
  if (waiting && waiting.id === context.approving && waiting.requestedBy !== context.viewerId) {
    return (
      <CredentialsForm
        workspace={workspace}
        source={source}
        inherited={false}
        purpose={{ kind: "approve", changeId: waiting.id, requestedBy: waiting.requestedByEmail }}
        send={approveReplacementAction}
      />
    );
  }
  if (!context.dualControlApplies) {
    return (
      <CredentialsForm
        workspace={workspace}
        source={source}
        inherited={false}
        purpose={{ kind: "replace" }}
        send={requestReplacementAction}
      />
    );
  }
  if (waiting) {
    return (
      <WaitingSourceNote workspace={workspace} sourceKey={source.key}>
        A replacement of {label("vaultSource", source.key)} on {workspace}, asked by {waiting.requestedByEmail}, is waiting for a second
        admin.
      </WaitingSourceNote>
    );
  }
  return <ReplacementRequestForm workspace={workspace} sourceKey={source.key} ask={requestReplacementAction} />;
}

/**
 * A workspace's vault: its entries (metadata only; the registry never returns stored values), a form per source to
 * add credentials, and replacements of held ones through dual control (a second admin approves by entering them).
 * Re-rendered on each event of the `pending-changes` topic, so a replacement asked, approved, rejected or expired in
 * another admin's session shows here without a reload.
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
  const params = await searchParams;
  const asked = firstOf(params.workspace);
  const workspace = asked ?? workspaces.value?.[0]?.name ?? "default";
  const workspaceId = workspaces.value?.find((w) => w.name === workspace)?.id;
  const [entries, sources, mode, replacements] = await Promise.all([
    settle(registry.client.listVault(workspace)),
    settle(registry.client.vaultSources()),
    dualControlMode(),
    pendingReplacements(registry),
  ]);
  const rows = entries.value ? vaultEntryRows(entries.value, workspaceId, new Date()) : [];
  const context: SourceFormContext = {
    workspace,
    rows,
    dualControlApplies: mode === "applies",
    replacements,
    approving: firstOf(params.approve),
    viewerId: user.id,
  };

  return (
    <div className="space-y-8">
      <RefreshOnLive topic={liveTopics.pendingChanges} />
      <div>
        <h1 className="text-2xl font-semibold">Vault</h1>
        <p className="text-sm text-muted-foreground">
          Credentials some registers need, per workspace, through {registry.connection.name}. Stored values are never shown; fill every
          field to replace them. Replacing credentials a workspace holds needs a second admin&apos;s approval (dual control).
        </p>
        <p className="text-sm text-muted-foreground">The registry offers no way to delete stored credentials: replace them instead.</p>
      </div>
      <PendingReplacements changes={replacements} viewerId={user.id} />
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

      <section aria-labelledby="vault-coverage-heading" className="space-y-3">
        <h2 id="vault-coverage-heading" className="text-lg font-semibold">
          Coverage
        </h2>
        <p className="text-sm text-muted-foreground">
          Monitors&apos; blocked datapoints wait on the default workspace&apos;s vault (the others inherit from it); company requests carry
          no such notice.
        </p>
        {sources.value && (
          <Suspense fallback={<p className="text-sm text-muted-foreground">Reading every workspace&apos;s vault…</p>}>
            <VaultCoverage registry={registry} workspaces={workspaces.value ?? [{ name: workspace }]} sources={sources.value} />
          </Suspense>
        )}
      </section>

      <section aria-labelledby="vault-add-heading" className="space-y-4">
        <h2 id="vault-add-heading" className="text-lg font-semibold">
          Add or replace credentials on {workspace}
        </h2>
        {sources.error && <RegistryProblem what="Reading the vault sources" error={sources.error} />}
        <SourceOutcomes>
          {entries.value && sources.value?.map((source) => <SourceForm key={source.key} source={source} context={context} />)}
        </SourceOutcomes>
      </section>
    </div>
  );
}
