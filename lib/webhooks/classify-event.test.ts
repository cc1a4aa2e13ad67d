import { describe, expect, it } from "vitest";
import { classifyEvent } from "./classify-event";

const notification = {
  monitorId: "mon_1",
  companyId: "HRB 12345",
  countryCode: "DE",
  timestamp: "2026-11-22T10:00:00Z",
  changeCategories: ["address"],
  monitorHasBeenDeactivated: false,
};

const classify = (payload: Record<string, unknown>) => classifyEvent(payload, JSON.stringify(payload));

describe("classifyEvent", () => {
  it("files a monitor.notification as an alert", () => {
    expect(classify({ type: "monitor.notification", ...notification })).toMatchObject({
      kind: "alert",
      type: "monitor.notification",
      event: { monitorId: "mon_1", changeCategories: ["address"] },
    });
  });

  it("reads the vendor's alias monitor.update as a monitor.notification, keeping the type as sent", () => {
    expect(classify({ type: "monitor.update", ...notification })).toMatchObject({
      kind: "alert",
      type: "monitor.update",
      event: { type: "monitor.notification", monitorId: "mon_1", changeCategories: ["address"] },
    });
  });

  it("holds an aliased event to the notification's schema", () => {
    expect(classify({ type: "monitor.update", monitorId: "mon_1" })).toMatchObject({ kind: "failed", type: "monitor.update" });
  });
});
