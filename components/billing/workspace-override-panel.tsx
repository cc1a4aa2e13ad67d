"use client";

import { useOptimistic, useState, useTransition } from "react";
import { RegistryProblem } from "@/components/connections/registry-problem";
import { FormError } from "@/components/forms/form-error";
import { Badge } from "@/components/ui/badge";
import type { ActionResult } from "@/lib/forms/action-result";
import { resolvedHighUsage } from "@/lib/billing/override-comparison.shared";
import type { OverridePatch } from "@/lib/billing/override-draft.shared";
import type { VendorRead } from "@/lib/registry/vendor-endpoint";
import type { HighUsageOverride, WorkspaceBillingView } from "@/lib/registry/schemas.shared";
import { errorText } from "@/lib/vocabulary/words.shared";
import { workspaceName } from "@/lib/workspaces/workspace-name.shared";
import { EffectiveSettingsTable } from "./effective-settings-table";
import { OverrideControls } from "./override-controls";
import { useSavedOverride } from "./saved-overrides";

/** The patch as the action takes it: tiers in credits, converted to credit cents on the server. */
export type SaveOverrideInput = Omit<OverridePatch, "highUsageTiers"> & {
  workspaceId: string;
  highUsageTiers?: { tier: string; credits: number }[] | null;
};
export type SaveOverride = (input: SaveOverrideInput) => Promise<ActionResult<{ override: HighUsageOverride }>>;
export type RemoveOverride = (input: { workspaceId: string }) => Promise<ActionResult<undefined>>;

type Props = {
  workspace: { id: string; name?: string; isDefault?: boolean };
  /** GET /v2/billing/notifications/workspaces/{id}/config, as read. */
  view: VendorRead<WorkspaceBillingView>;
  /** The override actions, for those who hold manageBilling; without them the panel is read-only. */
  actions?: { save: SaveOverride; remove: RemoveOverride };
};

const when = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

/** What the registry will store for `patch`: the fields it sets, every other one null (inherit). The guess shown until it answers. */
function guessOf(workspaceId: string, before: HighUsageOverride | null, patch: OverridePatch): HighUsageOverride {
  const now = new Date().toISOString();
  return {
    id: before?.id ?? "saving",
    workspaceId,
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
    highUsageEnabled: patch.highUsageEnabled ?? null,
    highUsageEmailEnabled: patch.highUsageEmailEnabled ?? null,
    highUsageWebhookEnabled: patch.highUsageWebhookEnabled ?? null,
    highUsagePeriodMinutes: patch.highUsagePeriodMinutes ?? null,
    highUsageTiers: patch.highUsageTiers ?? null,
  };
}

/**
 * One workspace's high-usage settings: each setting's effective value and where it comes from, and for those who
 * may, the override editor and its removal. A change shows at once (the guess), is replaced by the registry's
 * answer, and is rolled back with the reason in words when refused. Where the registry does not show the view,
 * it says so and still offers to set or remove the override (PATCH and DELETE are in the spec).
 */
export function WorkspaceOverridePanel({ workspace, view, actions }: Props) {
  const name = workspaceName(workspace);
  const [saved, setSaved] = useSavedOverride(workspace.id, view.value?.workspaceOverride ?? null);
  const [override, guess] = useOptimistic(saved);
  const [pending, startTransition] = useTransition();
  const [outcome, setOutcome] = useState<{ done?: string; refused?: string }>({});
  const headingId = `workspace-${workspace.id}`;
  const readable = Boolean(view.value);

  function change(next: HighUsageOverride | null, send: () => Promise<ActionResult<HighUsageOverride | null>>, done: string) {
    setOutcome({});
    startTransition(async () => {
      guess(next);
      const result = await send();
      startTransition(() => {
        if (result.ok) {
          setSaved(result.data);
          setOutcome({ done });
        } else {
          const reason = result.registry ? errorText(result.code, result.error) : result.error;
          setOutcome({ refused: `Not saved: ${reason} The settings shown are as they were.` });
        }
      });
    });
  }

  const save = (patch: OverridePatch) =>
    change(
      guessOf(workspace.id, saved, patch),
      async () => {
        const { highUsageTiers, ...rest } = patch;
        const tiers = highUsageTiers?.map(({ tier, cents }) => ({ tier, credits: cents / 100 }));
        const result = await actions!.save({ workspaceId: workspace.id, ...rest, highUsageTiers: tiers });
        return result.ok ? { ok: true, data: result.data.override } : result;
      },
      readable ? "Override saved: the settings above are what the registry now applies." : "Override saved.",
    );
  const remove = () =>
    change(
      null,
      async () => {
        const result = await actions!.remove({ workspaceId: workspace.id });
        return result.ok ? { ok: true, data: null } : result;
      },
      "Override removed: every setting is inherited from the account.",
    );

  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-lg border p-4" data-workspace={workspace.id}>
      <header className="space-y-1">
        <h3 id={headingId} className="flex flex-wrap items-center gap-2 font-medium [overflow-wrap:anywhere]">
          {name}
          {workspace.isDefault && <Badge variant="secondary">default workspace</Badge>}
        </h3>
        {readable && (
          <p className="text-xs text-muted-foreground">
            {override ? `Override last changed ${when(override.updatedAt)}` : "No override: every setting is inherited from the account"}
          </p>
        )}
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
          current={readable ? override : "unreadable"}
          pending={pending}
          onSave={save}
          onRemove={remove}
        />
      )}
      <FormError message={outcome.refused} />
      {(pending || outcome.done) && (
        <p role="status" aria-busy={pending || undefined} className="text-sm">
          {pending ? "Saving…" : outcome.done}
        </p>
      )}
    </article>
  );
}
