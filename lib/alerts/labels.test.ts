import { describe, expect, it } from "vitest";
import { categoryLabel, deactivationText } from "./labels.shared";

describe("alert labels", () => {
  it("says why a monitor was deactivated", () => {
    expect(deactivationText(["disappeared"])).toBe("Monitor deactivated: the company is no longer in the register");
    expect(deactivationText(["status"])).toBe("The registry deactivated this monitor");
  });

  it("shows a category this console does not know yet as sent", () => {
    expect(categoryLabel("legalRepresentatives")).toBe("Legal representatives");
    expect(categoryLabel("sanctions")).toBe("sanctions");
  });
});
