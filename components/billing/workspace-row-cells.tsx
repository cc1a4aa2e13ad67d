"use client";

import { effectiveHighUsage } from "@/lib/billing/effective-settings.shared";
import { tierPosition } from "@/lib/billing/tier-position.shared";
import type { AccountBillingConfig, HighUsageOverride } from "@/lib/registry/schemas.shared";
import { creditsFromCents } from "@/lib/vocabulary/units.shared";
import { label } from "@/lib/vocabulary/words.shared";
import { useSavedOverride } from "./saved-overrides";

const unknown = <span className="text-muted-foreground">cannot be read</span>;

/** Whether the workspace has its own override, as last saved on this page. */
export function OverrideCell({ workspaceId, initial }: { workspaceId: string; initial: HighUsageOverride | null | undefined }) {
  const [override] = useSavedOverride(workspaceId, initial ?? null);
  if (initial === undefined) return unknown;
  return <>{override ? "Yes" : "No"}</>;
}

type TierProps = {
  workspaceId: string;
  account: AccountBillingConfig | undefined;
  initial: HighUsageOverride | null | undefined;
  /** The spend in the window it was measured over, in credit cents; undefined when unknown. */
  spentCents: number | undefined;
  windowMinutes: number;
};

/** The highest tier the spend in the window reached, against the tiers as last saved on this page. */
export function TierReachedCell({ workspaceId, account, initial, spentCents, windowMinutes }: TierProps) {
  const [override] = useSavedOverride(workspaceId, initial ?? null);
  if (!account || spentCents === undefined) return unknown;
  const effective = effectiveHighUsage(account, override);
  // The spend was summed over the window as the page read it; a saved change of window needs a new sum.
  if (effective.periodMinutes.value !== windowMinutes) return <span className="text-muted-foreground">its window changed: reload</span>;
  const { reached, next } = tierPosition(spentCents, effective.tiers.value);
  return (
    <>
      {reached ? label("billingTier", reached.tier) : "None"}
      {next && (
        <span className="block text-xs text-muted-foreground">
          next: {label("billingTier", next.tier)} at {creditsFromCents(next.cents)}
        </span>
      )}
    </>
  );
}
