import { describe, expect, it } from "vitest";
import type { AccountBillingConfig } from "@/lib/registry/schemas.shared";
import { draftFor, overridePatch, type OverrideDraft } from "./override-draft.shared";

const account = {
  highUsageEnabled: true,
  highUsageEmailEnabled: false,
  highUsageWebhookEnabled: true,
  highUsagePeriodMinutes: 1440,
  highUsageTiers: [{ tier: "warning", cents: 50_000 }],
} as AccountBillingConfig;

const inheritAll = draftFor(null, account);

const with_ = (change: Partial<OverrideDraft>): OverrideDraft => ({ ...inheritAll, ...change });

describe("the override draft", () => {
  it("starts from the current override, with inherited fields prefilled from the account", () => {
    expect(inheritAll).toEqual({
      highUsageEnabled: "inherit",
      highUsageEmailEnabled: "inherit",
      highUsageWebhookEnabled: "inherit",
      highUsagePeriodMinutes: { inherit: true, entry: { amount: "1", unit: "days" } },
      highUsageTiers: { inherit: true, rows: [{ tier: "warning", credits: "500" }] },
    });
    const draft = draftFor({ highUsageEnabled: false, highUsageEmailEnabled: null, highUsagePeriodMinutes: 60 }, account);
    expect(draft.highUsageEnabled).toBe("off");
    expect(draft.highUsageEmailEnabled).toBe("inherit");
    expect(draft.highUsagePeriodMinutes).toEqual({ inherit: false, entry: { amount: "1", unit: "hours" } });
    // Nothing known to start from (the registry shows neither the override nor the account): one empty tier row.
    expect(draftFor(undefined, undefined).highUsageTiers).toEqual({ inherit: true, rows: [{ tier: "warning", credits: "" }] });
    expect(draftFor(undefined, undefined).highUsagePeriodMinutes.entry).toEqual({ amount: "", unit: "hours" });
  });

  it("names only the fields set for the workspace, so every other field inherits", () => {
    expect(overridePatch(inheritAll)).toEqual({ patch: {} });
    const draft = with_({
      highUsageEnabled: "on",
      highUsageWebhookEnabled: "off",
      highUsagePeriodMinutes: { inherit: false, entry: { amount: "1", unit: "hours" } },
      highUsageTiers: {
        inherit: false,
        rows: [
          { tier: " first ", credits: "5" },
          { tier: "second", credits: "10.5" },
        ],
      },
    });
    expect(overridePatch(draft)).toEqual({
      patch: {
        highUsageEnabled: true,
        highUsageWebhookEnabled: false,
        highUsagePeriodMinutes: 60,
        highUsageTiers: [
          { tier: "first", cents: 500 },
          { tier: "second", cents: 1050 },
        ],
      },
    });
  });

  it("gives each wrong field its message and no body", () => {
    const tooShort = overridePatch(with_({ highUsagePeriodMinutes: { inherit: false, entry: { amount: "4", unit: "minutes" } } }));
    expect(tooShort).toEqual({ fieldErrors: { highUsagePeriodMinutes: ["The window is at least 5 minutes."] } });
    const tooLong = overridePatch(with_({ highUsagePeriodMinutes: { inherit: false, entry: { amount: "31", unit: "days" } } }));
    expect(tooLong).toEqual({ fieldErrors: { highUsagePeriodMinutes: ["The window is at most 43200 minutes (30 days)."] } });
    const unreadable = overridePatch(with_({ highUsagePeriodMinutes: { inherit: false, entry: { amount: "soon", unit: "hours" } } }));
    expect(unreadable.fieldErrors).toEqual({ highUsagePeriodMinutes: ["Enter the window as a number of hours, e.g. 90 or 1.5."] });

    const tiers = overridePatch(
      with_({
        highUsageTiers: {
          inherit: false,
          rows: [
            { tier: "same", credits: "12.555" },
            { tier: "same", credits: "-1" },
            { tier: "", credits: "" },
          ],
        },
      }),
    );
    expect(tiers).toEqual({
      fieldErrors: {
        "highUsageTiers.0.cents": ["Credits are a number with at most 2 decimals, e.g. 500 or 12.5."],
        "highUsageTiers.1.cents": ["Credits cannot be negative."],
        "highUsageTiers.1.tier": ['Tier names must be unique: "same" appears more than once.'],
        "highUsageTiers.2.cents": ["Enter the threshold in credits."],
        "highUsageTiers.2.tier": ["Name the tier."],
      },
    });
  });

  it("keeps the tier list to 1 to 5 rows", () => {
    const none = overridePatch(with_({ highUsageTiers: { inherit: false, rows: [] } }));
    expect(none).toEqual({ fieldErrors: { highUsageTiers: ["Give at least 1 tier."] } });
    const rows = Array.from({ length: 6 }, (_, i) => ({ tier: `t${i}`, credits: String(i) }));
    expect(overridePatch(with_({ highUsageTiers: { inherit: false, rows } }))).toEqual({
      fieldErrors: { highUsageTiers: ["Give at most 5 tiers."] },
    });
  });
});
