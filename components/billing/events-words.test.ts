import { describe, expect, it } from "vitest";
import { billingEventWords, type DescribedEvent } from "./events-words";

const names = new Map([["ws-paris", "branch-paris"]]);
const words = (event: DescribedEvent) => billingEventWords(event, (id) => names.get(id));

describe("billingEventWords", () => {
  it("reads a low-balance event", () => {
    expect(words({ kind: "low_balance", identifier: "warning", payload: { balanceCents: 12_000, thresholdCents: 15_000 } })).toEqual({
      sentence: "Balance 120 credits fell to the Warning threshold (150 credits)",
    });
    expect(words({ kind: "low_balance", identifier: "depleted", payload: { balanceCents: 0, tierCents: 0 } })).toEqual({
      sentence: "Balance 0 credits fell to the Depleted threshold (0 credits)",
    });
  });

  it("reads a high-usage event with the workspace's name, or its id when the name is not known", () => {
    const payload = { spentCents: 102_000, thresholdCents: 100_000, periodMinutes: 1440 };
    expect(words({ kind: "high_usage", identifier: "critical", workspaceId: "ws-paris", payload })).toEqual({
      sentence: "Workspace branch-paris spent 1,020 credits in 24 hours, over its Critical tier (1,000 credits)",
    });
    expect(
      words({ kind: "high_usage", identifier: "warning", workspaceId: "ws-other", payload: { ...payload, periodMinutes: 60 } }),
    ).toEqual({
      sentence: "An unnamed workspace (id ws-other) spent 1,020 credits in 1 hour, over its Warning tier (1,000 credits)",
    });
  });

  it("says 'reaching' when the spend equals the tier, and reads an account-wide event and a missing window", () => {
    expect(words({ kind: "high_usage", identifier: "warning", workspaceId: null, payload: { spentCents: 500, tierCents: 500 } })).toEqual({
      sentence: "The account spent 5 credits in its window, reaching its Warning tier (5 credits)",
    });
  });

  it("reads an auto top-up that succeeded and one that failed", () => {
    expect(
      words({
        kind: "auto_topup",
        identifier: "succeeded",
        payload: { amountCents: 50_000, thresholdCents: 10_000, balanceCents: 59_000 },
      }),
    ).toEqual({
      sentence: "Automatic top-up of 500 credits succeeded when the balance fell below 100 credits; the balance is now 590 credits",
    });
    expect(words({ kind: "auto_topup", identifier: "failed", payload: { amountCents: 50_000, balanceCents: 9_000 } })).toEqual({
      sentence: "Automatic top-up of 500 credits failed; the balance is 90 credits",
    });
    expect(words({ kind: "auto_topup", identifier: "failed", payload: {} })).toEqual({ sentence: "Automatic top-up failed" });
  });

  it("shows an unknown kind, an unknown outcome or a payload without the needed amounts as raw JSON", () => {
    expect(words({ kind: "invoice_issued", identifier: "x", payload: { amount: 3 } })).toEqual({ raw: '{"amount":3}' });
    expect(words({ kind: "auto_topup", identifier: "pending", payload: { amountCents: 1 } })).toEqual({ raw: '{"amountCents":1}' });
    expect(words({ kind: "low_balance", identifier: "warning", payload: { balance: 120 } })).toEqual({ raw: '{"balance":120}' });
    expect(words({ kind: "high_usage", identifier: "warning", payload: { spentCents: "lots", thresholdCents: 5 } })).toEqual({
      raw: '{"spentCents":"lots","thresholdCents":5}',
    });
  });
});
