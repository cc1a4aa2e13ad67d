"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { AccountBillingConfig } from "@/lib/registry/schemas.shared";
import type { SaveAccountSettings } from "./account-settings-form";

// The form (and the schema library that checks it) loads only when someone opens it.
const AccountSettingsForm = dynamic(() => import("./account-settings-form").then((m) => m.AccountSettingsForm), {
  loading: () => <p className="text-sm text-muted-foreground">Opening the form…</p>,
});

/** The read-only settings (`children`), or the form in their place while someone with manageBilling edits them. */
export function AccountSettingsEditing({
  config,
  save,
  children,
}: {
  config: AccountBillingConfig;
  save: SaveAccountSettings;
  children: React.ReactNode;
}) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string[]>();

  if (editing) {
    return (
      <AccountSettingsForm
        config={config}
        save={save}
        onCancel={() => setEditing(false)}
        onSaved={(changed) => {
          setEditing(false);
          setSaved(changed);
          router.refresh();
        }}
      />
    );
  }
  return (
    <div className="space-y-3">
      {children}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" size="sm" onClick={() => (setEditing(true), setSaved(undefined))}>
          Edit settings
        </Button>
        {saved && (
          <p role="status" className="text-sm">
            Saved: {saved.join(", ")}.
          </p>
        )}
      </div>
    </div>
  );
}
