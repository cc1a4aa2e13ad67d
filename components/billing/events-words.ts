import { creditCentsAsMoney } from "@/components/money/credit-cents";
import { windowWords } from "@/lib/billing/window-words";

/**
 * A billing notification in plain words: "Balance 120.00 fell to the warning threshold 150.00", "Workspace
 * branch-paris spent 1,020.00 in 24 h, over its critical tier 1,000.00", "Auto top-up of 500.00 succeeded …".
 * Amounts are the payload's credit cents shown as money. The payload's shape is not in the spec, so each field is
 * read defensively (`thresholdCents` or `tierCents`); an event whose kind, outcome or needed fields are not known
 * comes back as its raw JSON instead of invented words. Client-safe.
 */
export type EventWords = { sentence: string; raw?: undefined } | { sentence?: undefined; raw: string };

export type DescribedEvent = {
  kind: string;
  identifier: string;
  workspaceId?: string | null;
  payload: Record<string, unknown>;
};

const cents = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) ? value : undefined);
const money = (value: number) => creditCentsAsMoney(value);

const raw = (payload: Record<string, unknown>): EventWords => ({ raw: JSON.stringify(payload) });

function lowBalance(identifier: string, payload: Record<string, unknown>): EventWords {
  const balance = cents(payload.balanceCents);
  const threshold = cents(payload.thresholdCents) ?? cents(payload.tierCents);
  if (balance === undefined || threshold === undefined) return raw(payload);
  return { sentence: `Balance ${money(balance)} fell to the ${identifier} threshold ${money(threshold)}` };
}

function highUsage(identifier: string, who: string, payload: Record<string, unknown>): EventWords {
  const spent = cents(payload.spentCents);
  const tier = cents(payload.thresholdCents) ?? cents(payload.tierCents);
  if (spent === undefined || tier === undefined) return raw(payload);
  const minutes = cents(payload.periodMinutes);
  const window = minutes !== undefined && Number.isInteger(minutes) && minutes > 0 ? `in ${windowWords(minutes)}` : "in its window";
  // The registry fires when the spend meets or exceeds the tier.
  const relation = spent > tier ? "over" : "reaching";
  return { sentence: `${who} spent ${money(spent)} ${window}, ${relation} its ${identifier} tier ${money(tier)}` };
}

function autoTopup(identifier: string, payload: Record<string, unknown>): EventWords {
  if (identifier !== "succeeded" && identifier !== "failed") return raw(payload);
  const amount = cents(payload.amountCents);
  const threshold = cents(payload.thresholdCents) ?? cents(payload.tierCents);
  const balance = cents(payload.balanceCents);
  const parts = [
    `Auto top-up${amount === undefined ? "" : ` of ${money(amount)}`} ${identifier}`,
    threshold === undefined ? "" : ` when the balance fell below ${money(threshold)}`,
    balance === undefined ? "" : `; the balance ${identifier === "succeeded" ? "is now" : "is"} ${money(balance)}`,
  ];
  return { sentence: parts.join("") };
}

/** `workspaceName` names a workspace id when the workspace list is known; otherwise the id is shown. */
export function billingEventWords(event: DescribedEvent, workspaceName: (id: string) => string | undefined): EventWords {
  const payload = event.payload;
  switch (event.kind) {
    case "low_balance":
      return lowBalance(event.identifier, payload);
    case "high_usage": {
      const id = event.workspaceId;
      const who = id ? `Workspace ${workspaceName(id) ?? id}` : "The account";
      return highUsage(event.identifier, who, payload);
    }
    case "auto_topup":
      return autoTopup(event.identifier, payload);
    default:
      return raw(payload);
  }
}
