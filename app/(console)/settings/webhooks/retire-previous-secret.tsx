"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/forms/confirm-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { retirePreviousSecretAction } from "./actions";

/** "Retire previous secret", with a confirmation: after it, deliveries signed with the replaced secret get 401. */
export function RetirePreviousSecret({ connectionId, connectionName }: { connectionId: string; connectionName: string }) {
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);

  async function retire() {
    setAsking(false);
    setPending(true);
    const result = await retirePreviousSecretAction({ id: connectionId });
    setPending(false);
    toast(
      result.ok
        ? {
            title: "Previous secret retired",
            description: `${connectionName} now accepts only its current signing secret.`,
            variant: "success",
          }
        : { title: "Not retired", description: result.error, variant: "destructive" },
    );
  }

  return (
    <>
      <Button size="sm" variant="outline" disabled={pending} onClick={() => setAsking(true)}>
        {pending ? "Retiring…" : "Retire previous secret"}
      </Button>
      <ConfirmDialog
        confirm={
          asking
            ? {
                title: `Retire the previous secret of ${connectionName}?`,
                body: "Deliveries signed with the replaced secret are refused from now on. Do this once the vendor signs with the new secret only.",
                action: "Retire",
              }
            : undefined
        }
        onConfirm={retire}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
