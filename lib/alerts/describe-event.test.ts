import { describe, expect, it } from "vitest";
import { describeEvent, eventComment, eventEmails } from "./describe-event.shared";

describe("describeEvent", () => {
  it("reads each kind of event", () => {
    expect(describeEvent("notification_received", { categories: ["address", "legalRepresentatives"], opened: true })).toBe(
      "Opened by a notification: Address, Legal representatives",
    );
    expect(describeEvent("notification_received", { categories: ["disappeared"], test: true, deactivation: true })).toBe(
      "Notification received: Disappeared (test, deactivation)",
    );
    expect(describeEvent("assigned", { from: null, to: "a@example.com" })).toBe("Assigned to a@example.com");
    expect(describeEvent("assigned", { from: "a@example.com", to: null })).toBe("Unassigned (was a@example.com)");
    expect(describeEvent("state_changed", { from: "new", to: "in_review" })).toBe("New → In review");
    expect(describeEvent("state_changed", { from: "in_review", to: "resolved", outcome: "escalated" })).toBe(
      "In review → Resolved: Escalated",
    );
    expect(describeEvent("commented", { comment: "Hm." })).toBe("Commented");
    expect(describeEvent("reretrieval_ordered", { requestId: "req_1" })).toBe("Re-retrieval ordered (request req_1)");
  });

  it("says a risk rating rose, from what to what, with its top three reasons", () => {
    const reasons = [
      "Liquidated (Company profile, as of 1 Nov 2026, request req_1): +40.",
      "Insolvency history: +25.",
      "Young: +10.",
      "Fourth: +5.",
    ];
    expect(describeEvent("risk_increased", { from: "low", to: "high", score: 80, modelVersion: 2, reasons })).toBe(
      "Risk rating increased from Low to High: Liquidated (Company profile, as of 1 Nov 2026, request req_1): +40. Insolvency history: +25. Young: +10.",
    );
    expect(describeEvent("risk_increased", { from: "medium", to: "severe" })).toBe("Risk rating increased from Medium to severe");
  });

  it("names an assignee by display name where one is known, else by email", () => {
    const people = { "a@example.com": "Anna Schmidt" };
    expect(describeEvent("assigned", { from: null, to: "a@example.com" }, people)).toBe("Assigned to Anna Schmidt");
    expect(describeEvent("assigned", { from: "a@example.com", to: "b@example.com" }, people)).toBe(
      "Assigned to b@example.com (was Anna Schmidt)",
    );
    expect(describeEvent("assigned", { from: "a@example.com", to: null }, people)).toBe("Unassigned (was Anna Schmidt)");
    expect(describeEvent("assigned", { to: "toString" }, people)).toBe("Assigned to toString");
    expect(eventEmails("assigned", { from: "a@example.com", to: null })).toEqual(["a@example.com"]);
    expect(eventEmails("commented", { comment: "a@example.com" })).toEqual([]);
  });

  it("reads an unknown kind or odd details without failing", () => {
    expect(describeEvent("escalated_to_regulator", {})).toBe("escalated_to_regulator");
    expect(describeEvent("state_changed", { from: 3 })).toBe("? → ?");
    expect(describeEvent("notification_received", { categories: "address" })).toBe("Notification received: no category");
  });

  it("finds the comment", () => {
    expect(eventComment({ comment: "Moved offices." })).toBe("Moved offices.");
    expect(eventComment({ comment: 4 })).toBeUndefined();
  });
});
