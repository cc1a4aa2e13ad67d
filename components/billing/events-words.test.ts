import { describe, expect, it } from "vitest";
import { billingEventWords, type DescribedEvent } from "./events-words";

const names = new Map([["ws-paris", "branch-paris"]]);
const words = (event: DescribedEvent) => billingEventWords(event, (id) => names.get(id));

describe("billingEventWords", () => {
  it("reads a low-balance event", () => {
    expect(words({ kind: "low_balance", identifier: "warning", payload: { balanceCents: 12_000, thresholdCents: 15_000 } })).toEqual({
      sentence: "Balance 120.00 fell to the warning threshold 150.00",
    });
    expect(words({ kind: "low_balance", identifier: "depleted", payload: { balanceCents: 0, tierCents: 0 } })).toEqual({
      sentence: "Balance 0.00 fell to the depleted threshold 0.00",
    });
  });

  it("reads a high-usage event with the workspace's name, or its id when the name is not known", () => {
    const payload = { spentCents: 102_000, thresholdCents: 100_000, periodMinutes: 1440 };
    expect(words({ kind: "high_usage", identifier: "critical", workspaceId: "ws-paris", payload })).toEqual({
      sentence: "Workspace branch-paris spent 1,020.00 in 24 h, over its critical tier 1,000.00",
    });
    expect(
      words({ kind: "high_usage", identifier: "warning", workspaceId: "ws-other", payload: { ...payload, periodMinutes: 60 } }),
    ).toEqual({
      sentence: "Workspace ws-other spent 1,020.00 in 1 h, over its warning tier 1,000.00",
    });
  });

  it("says 'reaching' when the spend equals the tier, and reads an account-wide event and a missing window", () => {
    expect(words({ kind: "high_usage", identifier: "warning", workspaceId: null, payload: { spentCents: 500, tierCents: 500 } })).toEqual({
      sentence: "The account spent 5.00 in its window, reaching its warning tier 5.00",
    });
  });

  it("reads an auto top-up that succeeded and one that failed", () => {
    expect(
      words({
        kind: "auto_topup",
        identifier: "succeeded",
        payload: { amountCents: 50_000, thresholdCents: 10_000, balanceCents: 59_000 },
      }),
    ).toEqual({ sentence: "Auto top-up of 500.00 succeeded when the balance fell below 100.00; the balance is now 590.00" });
    expect(words({ kind: "auto_topup", identifier: "failed", payload: { amountCents: 50_000, balanceCents: 9_000 } })).toEqual({
      sentence: "Auto top-up of 500.00 failed; the balance is 90.00",
    });
    expect(words({ kind: "auto_topup", identifier: "failed", payload: {} })).toEqual({ sentence: "Auto top-up failed" });
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
