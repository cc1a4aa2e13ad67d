import { describe, expect, it } from "vitest";
import { matchesEventFilter } from "./event-filter.shared";

describe("the billing events filter", () => {
  const account = { kind: "low_balance", workspaceId: null };
  const paris = { kind: "high_usage", workspaceId: "ws_paris" };

  it("keeps everything when no filter is set", () => {
    expect([account, paris].filter((e) => matchesEventFilter(e, { kind: "", workspace: "" }))).toEqual([account, paris]);
  });

  it("keeps one kind, one workspace, or the account's own events", () => {
    expect(matchesEventFilter(paris, { kind: "high_usage", workspace: "" })).toBe(true);
    expect(matchesEventFilter(account, { kind: "high_usage", workspace: "" })).toBe(false);
    expect(matchesEventFilter(paris, { kind: "", workspace: "ws_paris" })).toBe(true);
    expect(matchesEventFilter(paris, { kind: "", workspace: "account" })).toBe(false);
    expect(matchesEventFilter(account, { kind: "low_balance", workspace: "account" })).toBe(true);
  });
});
