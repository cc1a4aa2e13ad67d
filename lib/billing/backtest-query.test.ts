import { describe, expect, it } from "vitest";
import { backtestQuerySchema } from "./backtest-query";
import { backtestUrl } from "./backtest-url.shared";

const query = (url: string) => Object.fromEntries(new URL(url, "http://console").searchParams);
const messages = (input: Record<string, string>) => {
  const parsed = backtestQuerySchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe("the backtest query", () => {
  it("reads back what the panel's URL carries", () => {
    const draft = {
      enabled: true,
      periodMinutes: 60,
      tiers: [
        { tier: "warning", cents: 500 },
        { tier: "crit: 2", cents: 1_000 },
      ],
    };
    expect(backtestQuerySchema.parse(query(backtestUrl("ws-1", draft)))).toEqual({ workspace: "ws-1", ...draft });
    expect(backtestQuerySchema.parse(query(backtestUrl("ws-1", { ...draft, enabled: false }))).enabled).toBe(false);
  });

  it("refuses a draft the registry would refuse, in the contract's words", () => {
    const good = query(backtestUrl("ws-1", { enabled: true, periodMinutes: 60, tiers: [{ tier: "warning", cents: 500 }] }));
    expect(messages({ ...good, periodMinutes: "4" })).toEqual(["The window is at least 5 minutes."]);
    expect(messages({ ...good, periodMinutes: "lots" })).toHaveLength(1);
    expect(messages({ ...good, tiers: '[{"tier":"a","cents":1},{"tier":"a","cents":2}]' })).toEqual([
      'Tier names must be unique: "a" appears more than once.',
    ]);
    expect(messages({ ...good, tiers: "[]" })).toEqual(["Give at least 1 tier."]);
    expect(messages({ ...good, tiers: "not json" })).toEqual(["The tiers are not readable."]);
    expect(messages({ ...good, workspace: "" })).toEqual(["Name the workspace."]);
    expect(messages({ ...good, enabled: "yes" })).toHaveLength(1);
  });
});
