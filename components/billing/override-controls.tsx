"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ConfirmDialog } from "@/components/forms/confirm-dialog";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/auth/role-action";
import type { HighUsageSettings } from "@/lib/billing/effective-settings";
import type { AccountBillingConfig } from "@/lib/registry/schemas";
import type { SaveOverride } from "./override-editor";
import { errorText } from "@/lib/vocabulary/words";

// The editor (and the schema library that checks it) loads only when someone opens it.
const OverrideEditor = dynamic(() => import("./override-editor").then((m) => m.OverrideEditor), {
  loading: () => <p className="text-sm text-muted-foreground">Opening the editor…</p>,
});

type Props = {
  workspace: { id: string; name: string };
  account?: AccountBillingConfig;
  current: HighUsageSettings | null | "unreadable";
  save: SaveOverride;
  remove: (input: { workspaceId: string }) => Promise<ActionResult<undefined>>;
};

/** "Edit override" and "Remove override" for those who may change billing settings; the editor opens in place. */
export function OverrideControls({ workspace, account, current, save, remove }: Props) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const [outcome, setOutcome] = useState<{ saved?: string; error?: string }>({});
  const [pending, startTransition] = useTransition();

  function removeOverride() {
    setConfirmingRemoval(false);
    startTransition(async () => {
      const result = await remove({ workspaceId: workspace.id });
      if (!result.ok) return setOutcome({ error: result.registry ? errorText(result.code, result.error) : result.error });
      setOutcome({ saved: "Override removed: every setting is inherited from the account." });
      router.refresh();
    });
  }

  return (
    <div className="space-y-3">
      {editing ? (
        <OverrideEditor
          workspace={workspace}
          account={account}
          current={current}
          save={save}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setOutcome({
              saved: current === "unreadable" ? "Override saved." : "Override saved: the settings above are what the registry now applies.",
            });
            router.refresh();
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => (setEditing(true), setOutcome({}))}>
            Edit override
          </Button>
          {current !== null && (
            <Button type="button" variant="outline" size="sm" disabled={pending} onClick={() => setConfirmingRemoval(true)}>
              {pending ? "Removing…" : "Remove override"}
            </Button>
          )}
        </div>
      )}
      <FormError message={outcome.error} />
      {outcome.saved && (
        <p role="status" className="text-sm">
          {outcome.saved}
        </p>
      )}
      <ConfirmDialog
        confirm={
          confirmingRemoval
            ? {
                title: `Remove the high-usage override of ${workspace.name}?`,
                body: "Every setting of this workspace will be inherited from the account again: its switch, email, webhook, window and tiers.",
                action: "Remove override",
              }
            : undefined
        }
        onConfirm={removeOverride}
        onCancel={() => setConfirmingRemoval(false)}
      />
    </div>
  );
}
