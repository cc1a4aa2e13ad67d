import { describe, expect, it } from "vitest";
import type { AccountBillingConfig } from "@/lib/registry/schemas.shared";
import { backtestSettings, overrideComparison, resolvedHighUsage } from "./override-comparison.shared";

const account = {
  highUsageEnabled: true,
  highUsageEmailEnabled: false,
  highUsageWebhookEnabled: true,
  highUsagePeriodMinutes: 1440,
  highUsageTiers: [{ tier: "warning", cents: 50_000 }],
} as AccountBillingConfig;

const twoTiers = [
  { tier: "first", cents: 500 },
  { tier: "second", cents: 1000 },
];

describe("before and after an override", () => {
  it("fills in the account's values for inherited fields and marks what changes", () => {
    const rows = overrideComparison(account, null, { highUsageEmailEnabled: true, highUsagePeriodMinutes: 60, highUsageTiers: twoTiers });
    expect(rows).toEqual([
      { field: "enabled", before: { source: "account", value: true }, after: { source: "account", value: true }, changed: false },
      { field: "emailEnabled", before: { source: "account", value: false }, after: { source: "workspace", value: true }, changed: true },
      { field: "webhookEnabled", before: { source: "account", value: true }, after: { source: "account", value: true }, changed: false },
      { field: "periodMinutes", before: { source: "account", value: 1440 }, after: { source: "workspace", value: 60 }, changed: true },
      {
        field: "tiers",
        before: { source: "account", value: account.highUsageTiers },
        after: { source: "workspace", value: twoTiers },
        changed: true,
      },
    ]);
  });

  it("counts a value set to what the account gives as a change of where it comes from", () => {
    const [enabled] = overrideComparison(account, null, { highUsageEnabled: true });
    expect(enabled).toMatchObject({
      before: { source: "account", value: true },
      after: { source: "workspace", value: true },
      changed: true,
    });
  });

  it("leaves inherited values unknown when the account's settings cannot be read, and the before when the override cannot", () => {
    expect(resolvedHighUsage(undefined, { highUsageEnabled: false, highUsageTiers: null }).enabled).toEqual({
      source: "workspace",
      value: false,
    });
    expect(resolvedHighUsage(undefined, { highUsageEnabled: false, highUsageTiers: null }).tiers).toEqual({ source: "account" });
    const rows = overrideComparison(undefined, { highUsageEnabled: false }, { highUsageEnabled: false, highUsagePeriodMinutes: 60 });
    expect(rows.map((r) => [r.field, r.changed])).toEqual([
      ["enabled", false],
      ["emailEnabled", false],
      ["webhookEnabled", false],
      ["periodMinutes", true],
      ["tiers", false],
    ]);
    const unreadable = overrideComparison(account, "unreadable", { highUsageEnabled: false });
    expect(unreadable[0]).toEqual({
      field: "enabled",
      before: undefined,
      after: { source: "workspace", value: false },
      changed: undefined,
    });
  });

  it("gives the backtest the draft's effective switch, window and tiers only when all three are known", () => {
    expect(backtestSettings(resolvedHighUsage(account, { highUsagePeriodMinutes: 60, highUsageTiers: twoTiers }))).toEqual({
      enabled: true,
      periodMinutes: 60,
      tiers: twoTiers,
    });
    expect(backtestSettings(resolvedHighUsage(undefined, { highUsagePeriodMinutes: 60, highUsageTiers: twoTiers }))).toBeUndefined();
    expect(
      backtestSettings(resolvedHighUsage(undefined, { highUsageEnabled: true, highUsagePeriodMinutes: 60, highUsageTiers: twoTiers })),
    ).toEqual({ enabled: true, periodMinutes: 60, tiers: twoTiers });
  });
});
