import { describe, expect, it } from "vitest";
import { describeChange, expiresIn } from "./change-words";

describe("describeChange", () => {
  it("says what each kind does, with the legal basis of a UBO change", () => {
    expect(describeChange({ kind: "ubo_access", target: "acme", details: { uboEnabled: true, legalBasis: "AMLD5" } })).toEqual({
      what: "Turn UBO access on for workspace acme",
      lines: ["Legal basis: AMLD5"],
    });
    expect(describeChange({ kind: "ubo_access", target: "acme", details: { uboEnabled: false } }).what).toBe(
      "Turn UBO access off for workspace acme",
    );
    expect(describeChange({ kind: "workspace_delete", target: "acme", details: { name: "acme" } })).toEqual({
      what: "Delete workspace acme",
      lines: [],
    });
    expect(describeChange({ kind: "dual_control_off", target: "dual control", details: { enabled: false } }).what).toBe(
      "Turn dual control off",
    );
  });

  it("shows an unknown kind and its details as they are", () => {
    expect(describeChange({ kind: "future_kind", target: "x", details: { a: "b", n: 2 } })).toEqual({
      what: "future_kind on x",
      lines: ["a: b", "n: 2"],
    });
  });
});

describe("expiresIn", () => {
  const now = new Date("2026-01-01T00:00:00Z");
  it("counts whole hours down, then minutes, then says expired", () => {
    expect(expiresIn("2026-01-01T05:30:00Z", now)).toBe("expires in 5 h");
    expect(expiresIn("2026-01-01T00:40:00Z", now)).toBe("expires in 40 min");
    expect(expiresIn("2026-01-01T00:00:00Z", now)).toBe("expired");
  });
});
