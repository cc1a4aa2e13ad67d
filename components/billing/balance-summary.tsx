import { Badge, type BadgeProps } from "@/components/ui/badge";
import { TechnicalDetails } from "@/components/ui/technical-details";
import { creditCentsTitle, creditsFromCents } from "@/lib/vocabulary/units.shared";
import { label } from "@/lib/vocabulary/words.shared";
import { reachedLowBalanceTier } from "@/lib/billing/tier-position.shared";
import type { BalanceResponse } from "@/lib/registry/schemas.shared";
import { CreditCentsAmount, TierList } from "./credit-cents-amount";

const statuses: Record<string, { variant: BadgeProps["variant"]; meaning: string }> = {
  ok: { variant: "success", meaning: "above every low-balance threshold" },
  low: { variant: "warning", meaning: "at or below a low-balance threshold" },
  depleted: { variant: "destructive", meaning: "at or below zero: new work is blocked" },
};

/** The balance (in credits; the registry's credit cents under Technical details), its status in words, the thresholds and the auto-top-up posture. */
export function BalanceSummary({ balance }: { balance: BalanceResponse }) {
  const status = {
    label: label("balanceStatus", balance.status),
    ...(statuses[balance.status] ?? {
      variant: "outline" as const,
      meaning: "a status this console does not know",
    }),
  };
  const reached = reachedLowBalanceTier(balance.balanceInCreditCents, balance.lowBalanceThresholds);
  const { autoTopup } = balance;
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]">
      <dt className="font-medium">Balance</dt>
      <dd>
        <span className="text-2xl font-semibold tabular-nums" data-testid="balance">
          {creditsFromCents(balance.balanceInCreditCents)}
        </span>
        <TechnicalDetails>
          balanceInCreditCents: {balance.balanceInCreditCents} ({creditCentsTitle(balance.balanceInCreditCents)})
        </TechnicalDetails>
      </dd>
      <dt className="font-medium">Status</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <Badge variant={status.variant}>{status.label}</Badge>
        <span>
          {status.meaning}
          {reached && (
            <>
              {" "}
              (reached the {label("billingTier", reached.tier)} threshold, <CreditCentsAmount cents={reached.cents} />)
            </>
          )}
        </span>
      </dd>
      <dt className="font-medium">Low-balance thresholds</dt>
      <dd>
        <TierList tiers={balance.lowBalanceThresholds} />
      </dd>
      <dt className="font-medium">Auto-top-up</dt>
      <dd>
        {autoTopup.enabled ? (
          <>
            On: when the balance falls to <CreditCentsAmount cents={autoTopup.thresholdInCreditCents} />,{" "}
            <CreditCentsAmount cents={autoTopup.amountInCreditCents} /> is added.
          </>
        ) : (
          <>
            Off (were it on: at <CreditCentsAmount cents={autoTopup.thresholdInCreditCents} />, add{" "}
            <CreditCentsAmount cents={autoTopup.amountInCreditCents} />
            ).
          </>
        )}{" "}
        <span className="text-xs text-muted-foreground">Set by the registry; read-only here.</span>
      </dd>
    </dl>
  );
}
