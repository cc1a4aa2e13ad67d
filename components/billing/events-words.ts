import { creditsFromCents, windowWords } from "@/lib/vocabulary/units.shared";
import { label } from "@/lib/vocabulary/words.shared";
import { workspaceName as namedOrMarked } from "@/lib/workspaces/workspace-name.shared";

/**
 * A billing notification in plain words: "Balance 120 credits fell to the Warning threshold (150 credits)",
 * "Workspace branch-paris spent 1,020 credits in 24 hours, over its Critical tier (1,000 credits)", "Automatic
 * top-up of 500 credits succeeded …". Amounts are the payload's credit cents shown as credits. The payload's shape is not in the spec, so each field is
 * read defensively (`thresholdCents` or `tierCents`); an event whose kind, outcome or needed fields are not known
 * comes back as its raw JSON instead of invented words.
 */
export type EventWords = { sentence: string; raw?: undefined } | { sentence?: undefined; raw: string };

export type DescribedEvent = {
  kind: string;
  identifier: string;
  workspaceId?: string | null;
  payload: Record<string, unknown>;
};
const cents = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) ? value : undefined);
const money = (value: number) => creditsFromCents(value);
const tier = (identifier: string) => label("billingTier", identifier);

const raw = (payload: Record<string, unknown>): EventWords => ({ raw: JSON.stringify(payload) });

function lowBalance(identifier: string, payload: Record<string, unknown>): EventWords {
  const balance = cents(payload.balanceCents);
  const threshold = cents(payload.thresholdCents) ?? cents(payload.tierCents);
  if (balance === undefined || threshold === undefined) return raw(payload);
  return { sentence: `Balance ${money(balance)} fell to the ${tier(identifier)} threshold (${money(threshold)})` };
}

function highUsage(identifier: string, who: string, payload: Record<string, unknown>): EventWords {
  const spent = cents(payload.spentCents);
  const limit = cents(payload.thresholdCents) ?? cents(payload.tierCents);
  if (spent === undefined || limit === undefined) return raw(payload);
  const minutes = cents(payload.periodMinutes);
  const window = minutes !== undefined && Number.isInteger(minutes) && minutes > 0 ? `in ${windowWords(minutes)}` : "in its window";
  // The registry fires when the spend meets or exceeds the tier.
  const relation = spent > limit ? "over" : "reaching";
  return { sentence: `${who} spent ${money(spent)} ${window}, ${relation} its ${tier(identifier)} tier (${money(limit)})` };
}

function autoTopup(identifier: string, payload: Record<string, unknown>): EventWords {
  if (identifier !== "succeeded" && identifier !== "failed") return raw(payload);
  const amount = cents(payload.amountCents);
  const threshold = cents(payload.thresholdCents) ?? cents(payload.tierCents);
  const balance = cents(payload.balanceCents);
  const parts = [
    `Automatic top-up${amount === undefined ? "" : ` of ${money(amount)}`} ${label("autoTopupOutcome", identifier).toLowerCase()}`,
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
      const name = id ? workspaceName(id) : undefined;
      // Never the id alone: an unknown workspace reads as unnamed, its id shortened.
      const who = !id ? "The account" : name ? `Workspace ${name}` : `An ${namedOrMarked({ id })}`;
      return highUsage(event.identifier, who, payload);
    }
    case "auto_topup":
      return autoTopup(event.identifier, payload);
    default:
      return raw(payload);
  }
}
