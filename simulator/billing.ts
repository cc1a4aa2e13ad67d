import { globalHighUsage, workspaceHighUsage, type HighUsageRule } from "./billing-config";
import { newUuid } from "./ids";
import type { SimulatorContext } from "./simulator-context";
import type { SimState } from "./state";

const accountId = "acct_sandbox";
const creditCents = (credits: number) => Math.round(credits * 100);
const roundCredits = (credits: number) => Math.round(credits * 100) / 100;

type Routing = { emailEnabled: boolean; webhookEnabled: boolean };
type Notice = { kind: string; identifier: string; workspaceId: string | null; dedupKey: string; payload: Record<string, unknown> };

/**
 * Records a billing event at `at` (the moment of the charge that caused it: every event of one charge carries the
 * same time), "emailed" and sent by webhook as its routing says (no webhook when it is off).
 */
function fire(ctx: SimulatorContext, notice: Notice, routing: Routing, at: Date) {
  const event = {
    id: newUuid(),
    ...notice,
    accountId,
    firedAt: at.toISOString(),
    emailSent: routing.emailEnabled,
    webhookSent: routing.webhookEnabled,
  };
  ctx.store.state.billingEvents.push(event);
  if (routing.webhookEnabled) ctx.sendWebhook("billing.notification", { type: "billing.notification", ...event });
}

/**
 * Trips the alarm of one tier: answers the dedupKey of this firing, or undefined while the tier has fired and
 * not rearmed since (one fire per tier until it rearms).
 */
function trip(state: SimState, key: string): string | undefined {
  const alarm = (state.tierAlarms[key] ??= { fired: false, fires: 0 });
  if (alarm.fired) return undefined;
  alarm.fired = true;
  alarm.fires += 1;
  return `${key}:${alarm.fires}`;
}

function rearm(state: SimState, key: string) {
  const alarm = state.tierAlarms[key];
  if (alarm) alarm.fired = false;
}

/**
 * Low-balance tiers: each fires once as a charge takes the wallet to or below it (highest tier first), and rearms
 * whenever the balance is above it again (a refill, a top-up, a refund). `chargedAt` is the moment of the charge, and
 * undefined for a balance that rose.
 */
function checkLowBalance(ctx: SimulatorContext, chargedAt: Date | undefined) {
  const { state } = ctx.store;
  const config = state.billingConfig;
  const balanceCents = creditCents(state.wallet.balance);
  for (const { tier, cents } of [...config.lowBalanceTiers].sort((a, b) => b.cents - a.cents)) {
    const key = `low_balance:${accountId}:${tier}`;
    if (balanceCents > cents) rearm(state, key);
    else if (chargedAt && config.lowBalanceEnabled) {
      const dedupKey = trip(state, key);
      if (dedupKey)
        fire(
          ctx,
          { kind: "low_balance", identifier: tier, workspaceId: null, dedupKey, payload: { balanceCents, thresholdCents: cents } },
          { emailEnabled: config.lowBalanceEmailEnabled, webhookEnabled: config.lowBalanceWebhookEnabled },
          chargedAt,
        );
    }
  }
}

/** Tops the wallet up when auto top-up is on and the balance is at or below its threshold, and reports the outcome. */
function autoTopup(ctx: SimulatorContext, chargedAt: Date) {
  const { state } = ctx.store;
  const topup = state.autoTopup;
  if (!topup?.enabled || state.wallet.balance > topup.thresholdCredits) return;
  state.autoTopups += 1;
  if (topup.outcome === "succeeded") {
    state.wallet.balance = roundCredits(state.wallet.balance + topup.amountCredits);
    checkLowBalance(ctx, undefined);
  }
  const config = state.billingConfig;
  if (!config.autoTopupNotificationsEnabled) return;
  fire(
    ctx,
    {
      kind: "auto_topup",
      identifier: topup.outcome,
      workspaceId: null,
      dedupKey: `auto_topup:${accountId}:${state.autoTopups}`,
      payload: {
        amountCents: creditCents(topup.amountCredits),
        thresholdCents: creditCents(topup.thresholdCredits),
        balanceCents: creditCents(state.wallet.balance),
      },
    },
    { emailEnabled: config.autoTopupEmailEnabled, webhookEnabled: config.autoTopupWebhookEnabled },
    chargedAt,
  );
}

/** A high-usage scope: one workspace (by UUID) under its effective rule, or the whole account (null) under the global one. */
type UsageScope = { workspaceId: string | null; rule: HighUsageRule };

function windowStartMs(scope: UsageScope, now: Date) {
  return now.getTime() - scope.rule.periodMinutes * 60_000;
}

/** The scope's spend over its rolling window ending now, in credit cents (refunds count against it). */
function spentInWindow(state: SimState, scope: UsageScope, now: Date) {
  const since = windowStartMs(scope, now);
  const credits = state.spends
    .filter((s) => (scope.workspaceId === null || s.workspaceId === scope.workspaceId) && Date.parse(s.at) >= since)
    .reduce((sum, s) => sum + s.credits, 0);
  return creditCents(credits);
}

const highUsageKey = (scope: UsageScope, tier: string) => `high_usage:${scope.workspaceId ?? accountId}:${tier}`;

/**
 * Before a charge: a tier whose scope's spend over the window is below it again rearms. Between two charges of a
 * scope its windowed spend only falls, so checking just before each charge sees every dip below a tier.
 */
function rearmHighUsage(state: SimState, scope: UsageScope, now: Date) {
  const spentCents = spentInWindow(state, scope, now);
  for (const { tier, cents } of scope.rule.tiers) if (spentCents < cents) rearm(state, highUsageKey(scope, tier));
}

/** After a charge: each armed tier that the scope's spend over the window has reached fires. */
function checkHighUsage(ctx: SimulatorContext, scope: UsageScope, now: Date) {
  const { state } = ctx.store;
  if (!scope.rule.enabled) return;
  const spentCents = spentInWindow(state, scope, now);
  for (const { tier, cents } of scope.rule.tiers) {
    if (spentCents < cents) continue;
    const dedupKey = trip(state, highUsageKey(scope, tier));
    if (!dedupKey) continue;
    const { periodMinutes } = scope.rule;
    const payload = {
      spentCents,
      thresholdCents: cents,
      periodMinutes,
      windowStart: new Date(windowStartMs(scope, now)).toISOString(),
      windowEnd: now.toISOString(),
    };
    fire(ctx, { kind: "high_usage", identifier: tier, workspaceId: scope.workspaceId, dedupKey, payload }, scope.rule, now);
  }
}

/**
 * Takes credits from the wallet for the workspace with this UUID (`requestId`: the request charged, null for a
 * control-API spend), and fires the low-balance, auto-top-up and high-usage notifications it causes.
 */
export function charge(ctx: SimulatorContext, credits: number, workspaceId: string, requestId: string | null) {
  const { state } = ctx.store;
  if (credits <= 0) return;
  const now = ctx.clock.now();
  const config = state.billingConfig;
  const scopes: UsageScope[] = [
    { workspaceId, rule: workspaceHighUsage(config, state.highUsageOverrides[workspaceId]) },
    { workspaceId: null, rule: globalHighUsage(config) },
  ];
  for (const scope of scopes) rearmHighUsage(state, scope, now);

  state.wallet.balance = roundCredits(state.wallet.balance - credits);
  state.spends.push({ at: now.toISOString(), credits, workspaceId, requestId });
  checkLowBalance(ctx, now);
  autoTopup(ctx, now);
  for (const scope of scopes) checkHighUsage(ctx, scope, now);
}

/** Gives credits back to the wallet, recorded as a negative spend of the workspace that paid them. */
export function refund(ctx: SimulatorContext, credits: number, workspaceId: string, requestId: string) {
  const { state } = ctx.store;
  if (credits <= 0) return;
  state.wallet.balance = roundCredits(state.wallet.balance + credits);
  state.spends.push({ at: ctx.clock.now().toISOString(), credits: -credits, workspaceId, requestId });
  checkLowBalance(ctx, undefined);
}

/** Sets the balance (control API); the low-balance tiers it is above rearm. */
export function setBalance(ctx: SimulatorContext, credits: number) {
  ctx.store.state.wallet = { balance: credits, initial: credits };
  checkLowBalance(ctx, undefined);
}

/** GET /v2/billing/balance: the wallet in credit cents, its status against the account's low-balance tiers. */
export function balanceView(state: SimState) {
  const balanceInCreditCents = creditCents(state.wallet.balance);
  const tiers = state.billingConfig.lowBalanceTiers;
  const depletedAt = Math.max(0, ...tiers.filter((t) => t.tier === "depleted").map((t) => t.cents));
  const lowAt = Math.max(depletedAt, ...tiers.map((t) => t.cents));
  const topup = state.autoTopup;
  return {
    balanceInCreditCents,
    status: balanceInCreditCents <= depletedAt ? "depleted" : balanceInCreditCents <= lowAt ? "low" : "ok",
    autoTopup: {
      enabled: topup?.enabled ?? false,
      thresholdInCreditCents: creditCents(topup?.thresholdCredits ?? 0),
      amountInCreditCents: creditCents(topup?.amountCredits ?? 0),
    },
    lowBalanceThresholds: tiers,
  };
}
