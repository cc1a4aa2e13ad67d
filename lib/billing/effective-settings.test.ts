import { describe, expect, it } from "vitest";
import type { AccountBillingConfig } from "@/lib/registry/schemas.shared";
import { effectiveHighUsage } from "./effective-settings.shared";

const account = {
  highUsageEnabled: true,
  highUsageEmailEnabled: false,
  highUsageWebhookEnabled: true,
  highUsagePeriodMinutes: 1440,
  highUsageTiers: [{ tier: "warning", cents: 50_000 }],
} as AccountBillingConfig;

const override = { id: "o1", workspaceId: "w1", createdAt: "", updatedAt: "" };

describe("effectiveHighUsage", () => {
  it("inherits every field from the account when there is no override", () => {
    const effective = effectiveHighUsage(account, null);
    expect(effective.enabled).toEqual({ value: true, source: "account" });
    expect(effective.periodMinutes).toEqual({ value: 1440, source: "account" });
    expect(effective.tiers).toEqual({ value: [{ tier: "warning", cents: 50_000 }], source: "account" });
  });

  it("takes what the override sets, and inherits what it leaves null or out", () => {
    const effective = effectiveHighUsage(account, {
      ...override,
      highUsageEnabled: false,
      highUsageEmailEnabled: null,
      highUsageTiers: [{ tier: "first", cents: 500 }],
    });
    expect(effective.enabled).toEqual({ value: false, source: "workspace" });
    expect(effective.emailEnabled).toEqual({ value: false, source: "account" });
    expect(effective.webhookEnabled).toEqual({ value: true, source: "account" });
    expect(effective.tiers).toEqual({ value: [{ tier: "first", cents: 500 }], source: "workspace" });
  });
});
