import { describe, expect, it } from "vitest";
import { maxPollDelayMs, pollDelayMs, shouldPoll, webhookGraceMs } from "./polling-plan.shared";

const base = { complete: false, webhooksConfigured: true, liveOpen: true, lastChangeAt: 0, now: 1_000 };

describe("when a dossier polls", () => {
  it("waits for webhooks while they can arrive and something changed in the last 10 seconds", () => {
    expect(shouldPoll(base)).toBe(false);
    expect(shouldPoll({ ...base, now: webhookGraceMs - 1 })).toBe(false);
  });
  it("polls when nothing arrived for 10 seconds, without a signing secret, or with the live connection down", () => {
    expect(shouldPoll({ ...base, now: webhookGraceMs })).toBe(true);
    expect(shouldPoll({ ...base, webhooksConfigured: false })).toBe(true);
    expect(shouldPoll({ ...base, liveOpen: false })).toBe(true);
  });
  it("never polls a complete request", () => {
    expect(shouldPoll({ ...base, complete: true, webhooksConfigured: false, liveOpen: false, now: 10 * webhookGraceMs })).toBe(false);
  });
  it("backs off from 1 s, doubling, up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(pollDelayMs)).toEqual([
      1_000,
      2_000,
      4_000,
      8_000,
      16_000,
      maxPollDelayMs,
      maxPollDelayMs,
      maxPollDelayMs,
    ]);
  });
});
