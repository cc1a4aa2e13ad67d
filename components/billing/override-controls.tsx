"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { ConfirmDialog } from "@/components/forms/confirm-dialog";
import { Button } from "@/components/ui/button";
import type { HighUsageSettings } from "@/lib/billing/effective-settings.shared";
import type { OverridePatch } from "@/lib/billing/override-draft.shared";
import type { AccountBillingConfig } from "@/lib/registry/schemas.shared";

// The editor (and the schema library that checks it) loads only when someone opens it.
const OverrideEditor = dynamic(() => import("./override-editor").then((m) => m.OverrideEditor), {
  loading: () => <p className="text-sm text-muted-foreground">Opening the editor…</p>,
});

type Props = {
  workspace: { id: string; name: string };
  account?: AccountBillingConfig;
  current: HighUsageSettings | null | "unreadable";
  /** While a change is on its way: the buttons wait. */
  pending: boolean;
  onSave: (patch: OverridePatch) => void;
  onRemove: () => void;
};

/** "Edit override" and "Remove override" for those who may change billing settings; the editor opens in place. */
export function OverrideControls({ workspace, account, current, pending, onSave, onRemove }: Props) {
  const [editing, setEditing] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);

  return (
    <div className="space-y-3">
      {editing ? (
        <OverrideEditor
          workspace={workspace}
          account={account}
          current={current}
          onCancel={() => setEditing(false)}
          onSubmit={(patch) => {
            setEditing(false);
            onSave(patch);
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={pending} onClick={() => setEditing(true)}>
            Edit override
          </Button>
          {current !== null && (
            <Button type="button" variant="outline" size="sm" disabled={pending} onClick={() => setConfirmingRemoval(true)}>
              Remove override
            </Button>
          )}
        </div>
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
        onConfirm={() => {
          setConfirmingRemoval(false);
          onRemove();
        }}
        onCancel={() => setConfirmingRemoval(false)}
      />
    </div>
  );
}
