import { describe, expect, it } from "vitest";
import type { AccountBillingConfig } from "@/lib/registry/schemas.shared";
import { accountSettingsDraft, accountSettingsPatch } from "./account-settings-draft.shared";

const current: AccountBillingConfig = {
  lowBalanceEnabled: false,
  lowBalanceEmailEnabled: true,
  lowBalanceWebhookEnabled: true,
  lowBalanceTiers: [
    { tier: "warning", cents: 15_000 },
    { tier: "critical", cents: 5_000 },
    { tier: "depleted", cents: 0 },
  ],
  globalHighUsageEnabled: false,
  globalHighUsageEmailEnabled: true,
  globalHighUsageWebhookEnabled: true,
  globalHighUsagePeriodMinutes: 1440,
  globalHighUsageTiers: [{ tier: "warning", cents: 100_000 }],
  highUsageEnabled: true,
  highUsageEmailEnabled: true,
  highUsageWebhookEnabled: true,
  highUsagePeriodMinutes: 60,
  highUsageTiers: [{ tier: "warning", cents: 50_000 }],
  autoTopupNotificationsEnabled: false,
  autoTopupEmailEnabled: true,
  autoTopupWebhookEnabled: true,
};

describe("the account's billing notification settings form", () => {
  it("sends nothing when nothing changed", () => {
    expect(accountSettingsPatch(current, accountSettingsDraft(current))).toEqual({ patch: {}, changed: [] });
  });

  it("sends only the fields that changed, the window in minutes", () => {
    const draft = accountSettingsDraft(current);
    draft.toggles.lowBalanceEnabled = true;
    draft.windows.globalHighUsagePeriodMinutes = { amount: "2", unit: "days" };
    draft.windows.highUsagePeriodMinutes = { amount: "60", unit: "minutes" }; // the same hour, typed in minutes
    draft.tiers.lowBalanceTiers[0]!.credits = "200"; // 200 credits: 20,000 credit cents
    expect(accountSettingsPatch(current, draft)).toEqual({
      patch: {
        lowBalanceEnabled: true,
        globalHighUsagePeriodMinutes: 2880,
        lowBalanceTiers: [
          { tier: "warning", cents: 20_000 },
          { tier: "critical", cents: 5_000 },
          { tier: "depleted", cents: 0 },
        ],
      },
      changed: ["lowBalanceEnabled", "globalHighUsagePeriodMinutes", "lowBalanceTiers"],
    });
  });

  it("refuses what the contract refuses, field by field", () => {
    const draft = accountSettingsDraft(current);
    draft.windows.highUsagePeriodMinutes = { amount: "1", unit: "minutes" };
    draft.tiers.lowBalanceTiers[1] = { tier: "overdrawn", credits: "1" };
    draft.tiers.globalHighUsageTiers = [];
    draft.tiers.highUsageTiers[0]!.credits = "five";
    expect(accountSettingsPatch(current, draft)).toEqual({
      fieldErrors: {
        highUsagePeriodMinutes: ["The window is at least 5 minutes."],
        "lowBalanceTiers.1.tier": ["A low-balance tier is warning, critical or depleted."],
        globalHighUsageTiers: ["Give at least 1 tier."],
        "highUsageTiers.0.cents": ["Credits are a number with at most 2 decimals, e.g. 500 or 12.5."],
      },
    });
  });
});
