import { workspaceHighUsage } from "./billing-config";
import { newUuid } from "./ids";
import type { SimulatorContext } from "./simulator-context";
import type { SimState } from "./state";

/** Low-balance tiers, as fractions of the wallet's starting balance. */
const lowBalanceTiers = [
  { tier: "warning", below: 0.2 },
  { tier: "critical", below: 0.05 },
  { tier: "depleted", below: 1e-9 },
] as const;

const centsPerCredit = 100;

function fire(
  ctx: SimulatorContext,
  kind: string,
  identifier: string,
  dedupKey: string,
  payload: Record<string, unknown>,
  workspaceId: string | null,
  webhook = true,
) {
  const { state } = ctx.store;
  if (state.billingEvents.some((e) => e.dedupKey === dedupKey)) return; // one fire per threshold per period
  const event = {
    id: newUuid(),
    kind,
    identifier,
    accountId: "acct_sandbox",
    workspaceId,
    dedupKey,
    firedAt: ctx.clock.now().toISOString(),
    payload,
    emailSent: false,
    webhookSent: webhook,
  };
  state.billingEvents.push(event);
  if (webhook) ctx.sendWebhook("billing.notification", { type: "billing.notification", ...event });
}

/**
 * Takes credits from the wallet for the workspace with this UUID (`requestId`: the request charged, null for a
 * control-API spend) and fires the low-balance and high-usage notifications it crosses.
 */
export function charge(ctx: SimulatorContext, credits: number, workspaceId: string, requestId: string | null) {
  const { state } = ctx.store;
  if (credits <= 0) return;
  state.wallet.balance = Math.round((state.wallet.balance - credits) * 100) / 100;
  const { spends } = state;
  const now = ctx.clock.now();
  spends.push({ at: now.toISOString(), credits, workspaceId, requestId });

  for (const { tier, below } of lowBalanceTiers) {
    if (state.wallet.balance < state.wallet.initial * below) {
      fire(
        ctx,
        "low_balance",
        tier,
        `low_balance:${tier}:${state.walletEpoch}`,
        {
          balanceCents: Math.round(state.wallet.balance * centsPerCredit),
          thresholdCents: Math.round(state.wallet.initial * below * centsPerCredit),
        },
        null,
      );
    }
  }

  const topup = state.autoTopup;
  if (topup?.enabled && state.wallet.balance < topup.thresholdCredits) {
    state.autoTopups += 1;
    const succeeded = topup.outcome === "succeeded";
    if (succeeded) state.wallet.balance = Math.round((state.wallet.balance + topup.amountCredits) * 100) / 100;
    fire(
      ctx,
      "auto_topup",
      topup.outcome,
      `auto_topup:${state.autoTopups}`,
      {
        amountCents: Math.round(topup.amountCredits * centsPerCredit),
        thresholdCents: Math.round(topup.thresholdCredits * centsPerCredit),
        balanceCents: Math.round(state.wallet.balance * centsPerCredit),
      },
      null,
    );
  }

  const rule = workspaceHighUsage(state.billingConfig, state.highUsageOverrides[workspaceId]);
  if (!rule.enabled) return;
  const { periodMinutes, tiers } = rule;
  const since = now.getTime() - periodMinutes * 60_000;
  const spentCents = Math.round(
    spends.filter((s) => s.workspaceId === workspaceId && Date.parse(s.at) >= since).reduce((sum, s) => sum + s.credits, 0) *
      centsPerCredit,
  );
  const period = Math.floor(now.getTime() / (periodMinutes * 60_000));
  for (const { tier, cents } of tiers) {
    if (spentCents >= cents) {
      fire(
        ctx,
        "high_usage",
        tier,
        `high_usage:${workspaceId}:${tier}:${period}`,
        { spentCents, thresholdCents: cents, periodMinutes },
        workspaceId,
        rule.webhookEnabled,
      );
    }
  }
}

/** Gives credits back to the wallet, recorded as a negative spend of the workspace that paid them. */
export function refund(ctx: SimulatorContext, credits: number, workspaceId: string, requestId: string) {
  const { state } = ctx.store;
  if (credits <= 0) return;
  state.wallet.balance = Math.round((state.wallet.balance + credits) * 100) / 100;
  state.spends.push({ at: ctx.clock.now().toISOString(), credits: -credits, workspaceId, requestId });
}

/** GET /v2/billing/balance: the wallet in credit cents, its status against the account's low-balance tiers. */
export function balanceView(state: SimState) {
  const balanceInCreditCents = Math.round(state.wallet.balance * centsPerCredit);
  const tiers = state.billingConfig.lowBalanceTiers;
  const depletedAt = Math.max(0, ...tiers.filter((t) => t.tier === "depleted").map((t) => t.cents));
  const lowAt = Math.max(depletedAt, ...tiers.map((t) => t.cents));
  const topup = state.autoTopup;
  return {
    balanceInCreditCents,
    status: balanceInCreditCents <= depletedAt ? "depleted" : balanceInCreditCents <= lowAt ? "low" : "ok",
    autoTopup: {
      enabled: topup?.enabled ?? false,
      thresholdInCreditCents: Math.round((topup?.thresholdCredits ?? 0) * centsPerCredit),
      amountInCreditCents: Math.round((topup?.amountCredits ?? 0) * centsPerCredit),
    },
    lowBalanceThresholds: tiers,
  };
}

/** Sets the balance (control API) and starts a new period for the low-balance notifications. */
export function setBalance(ctx: SimulatorContext, credits: number) {
  const { state } = ctx.store;
  state.wallet = { balance: credits, initial: credits };
  state.walletEpoch += 1;
}
