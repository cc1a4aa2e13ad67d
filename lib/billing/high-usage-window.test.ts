import { describe, expect, it } from "vitest";
import { describeWindow, windowEntryFor, windowMinutes } from "./high-usage-window.shared";

describe("the high-usage window with a unit", () => {
  it("reads an amount in minutes, hours or days as whole minutes", () => {
    expect(windowMinutes({ amount: "1", unit: "hours" })).toEqual({ minutes: 60 });
    expect(windowMinutes({ amount: " 90 ", unit: "minutes" })).toEqual({ minutes: 90 });
    expect(windowMinutes({ amount: "30", unit: "days" })).toEqual({ minutes: 43_200 });
    expect(windowMinutes({ amount: "1.5", unit: "hours" })).toEqual({ minutes: 90 });
    expect(windowMinutes({ amount: "1.1", unit: "hours" })).toEqual({ minutes: 66 });
  });

  it("says why an entry is not a window, instead of sending something else", () => {
    expect(windowMinutes({ amount: "", unit: "hours" }).problem).toBe("Enter the window, e.g. 1 hour or 90 minutes.");
    expect(windowMinutes({ amount: "an hour", unit: "hours" }).problem).toBe("Enter the window as a number of hours, e.g. 90 or 1.5.");
    expect(windowMinutes({ amount: "-5", unit: "minutes" }).problem).toBe("Enter the window as a number of minutes, e.g. 90 or 1.5.");
    expect(windowMinutes({ amount: "0.01", unit: "hours" }).problem).toBe(
      "0.01 hours is 0.6 minutes: the window is a whole number of minutes.",
    );
  });

  it("starts an entry in the largest unit that holds the minutes exactly", () => {
    expect(windowEntryFor(1440)).toEqual({ amount: "1", unit: "days" });
    expect(windowEntryFor(60)).toEqual({ amount: "1", unit: "hours" });
    expect(windowEntryFor(4320)).toEqual({ amount: "3", unit: "days" });
    expect(windowEntryFor(90)).toEqual({ amount: "90", unit: "minutes" });
    expect(windowEntryFor(0)).toEqual({ amount: "0", unit: "minutes" });
  });

  it("describes a window in words with the registry's minutes", () => {
    expect(describeWindow(60)).toBe("1 hour (60 minutes)");
    expect(describeWindow(1440)).toBe("1 day (1,440 minutes)");
    expect(describeWindow(2880)).toBe("2 days (2,880 minutes)");
    expect(describeWindow(5)).toBe("5 minutes");
    expect(describeWindow(1)).toBe("1 minute");
  });
});
