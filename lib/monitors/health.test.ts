import { describe, expect, it } from "vitest";
import { monitorHealth, type HealthInput } from "./health";

const now = new Date("2026-11-24T12:00:00Z");
const hoursBefore = (h: number) => new Date(now.getTime() - h * 3600_000);
const input = (extra: Partial<HealthInput> = {}): HealthInput => ({
  startedAt: hoursBefore(100),
  lastCheck: undefined,
  deactivation: undefined,
  ...extra,
});
const check = (h: number, fetchStatus = "success", errorMessage: string | null = null) => ({
  at: hoursBefore(h),
  fetchStatus,
  errorMessage,
});

describe("monitor health", () => {
  it("is ok when the last check succeeded within 48 hours", () => {
    expect(monitorHealth(input({ lastCheck: check(47) }), now)).toEqual({ state: "ok", detail: "Last check succeeded." });
    expect(monitorHealth(input({ lastCheck: check(48) }), now).state).toBe("ok");
  });

  it("is stale when no check was logged for over 48 hours", () => {
    expect(monitorHealth(input({ lastCheck: check(49) }), now)).toEqual({
      state: "stale",
      detail: "No check logged for 49 hours (checks run daily).",
    });
  });

  it("is ok, saying no check yet, for a monitor younger than 48 hours without a check; stale once older", () => {
    expect(monitorHealth(input({ startedAt: hoursBefore(30) }), now)).toEqual({ state: "ok", detail: "No check yet." });
    expect(monitorHealth(input({ startedAt: hoursBefore(72) }), now)).toEqual({
      state: "stale",
      detail: "No check logged in the 72 hours since it started (checks run daily).",
    });
  });

  it("is ok with no check and no known start (nothing says it is late)", () => {
    expect(monitorHealth(input({ startedAt: undefined }), now)).toEqual({ state: "ok", detail: "No check yet." });
  });

  it("is error when the last fetchStatus is not success, with its errorMessage, however recent", () => {
    expect(monitorHealth(input({ lastCheck: check(1, "error", "Register timed out") }), now)).toEqual({
      state: "error",
      detail: "Last check: error: Register timed out",
    });
    expect(monitorHealth(input({ lastCheck: check(100, "some_new_status") }), now)).toEqual({
      state: "error",
      detail: "Last check: some_new_status",
    });
  });

  it("is deactivated when a final notification said so, before any other state", () => {
    const deactivation = { at: hoursBefore(2), reason: "The company is no longer found in the register." };
    expect(monitorHealth(input({ deactivation, lastCheck: check(60, "not_found") }), now)).toEqual({
      state: "deactivated",
      detail: "The company is no longer found in the register.",
    });
    expect(monitorHealth(input({ deactivation: { at: hoursBefore(1), reason: null } }), now).detail).toBe(
      "The registry deactivated this monitor.",
    );
  });
});
