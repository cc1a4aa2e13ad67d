import { describe, expect, it } from "vitest";
import { describeChange, expiresIn } from "./change-words";

describe("describeChange", () => {
  it("shows a risk model publication's lines as the caller words them, and none when it does not", () => {
    const change = { kind: "risk_model_publish", target: "risk model", details: { model: {}, note: "Russia listed", baseVersion: 2 } };
    expect(describeChange(change, (details) => [`Edited from version ${String(details.baseVersion)}`])).toEqual({
      what: "Publish a new version of the risk model",
      lines: ["Edited from version 2"],
    });
    expect(describeChange(change)).toEqual({ what: "Publish a new version of the risk model", lines: [] });
  });

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

  it("says what each connection change does, with the address and key hint, never an API name", () => {
    const created = {
      connection: "Vendor B",
      environment: "production",
      baseUrl: "https://api.vendor-b.example",
      apiKey: "sk_live_…WXYZ",
      webhookSecret: true,
      isDefault: true,
    };
    expect(describeChange({ kind: "connection_create", target: "Vendor B", details: created })).toEqual({
      what: "Add connection Vendor B",
      lines: [
        "Environment: production",
        "Base URL: https://api.vendor-b.example",
        "API key: sk_live_…WXYZ",
        "Signing secret: set",
        "Becomes the default connection for everyone",
      ],
    });
    const deleted = { connection: "Old", connectionId: "x", environment: "sandbox", baseUrl: "http://127.0.0.1:4010", isDefault: false };
    expect(describeChange({ kind: "connection_delete", target: "Old", details: deleted })).toEqual({
      what: "Delete connection Old",
      lines: ["Environment: sandbox", "Base URL: http://127.0.0.1:4010"],
    });
    expect(describeChange({ kind: "connection_default", target: "B", details: { connection: "B", previousDefault: "A" } })).toEqual({
      what: "Make connection B the default for everyone",
      lines: ["Default now: A"],
    });
    expect(
      describeChange({ kind: "connection_environment", target: "A", details: { connection: "A", from: "production", to: "sandbox" } }),
    ).toEqual({
      what: "Switch connection A from production to sandbox",
      lines: ["A sandbox connection unlocks the sandbox tools and plain-http document fetches"],
    });
    const target = { connection: "A", previousBaseUrl: "https://a.example", baseUrl: "https://b.example", apiKey: "sk_live_…NEWK" };
    expect(
      describeChange({ kind: "connection_target", target: "A", details: { ...target, webhookSecret: "entered again" } }).lines,
    ).toEqual(["Base URL: https://a.example → https://b.example", "API key → sk_live_…NEWK", "Signing secret entered again"]);
  });

  it("shows an unknown kind as it is, and its details in words", () => {
    expect(describeChange({ kind: "future_kind", target: "x", details: { a: "b", n: 2, sourceKey: "infogreffe", newFlag: true } })).toEqual(
      {
        what: "future_kind on x",
        lines: ["A: b", "N: 2", "Register: infogreffe", "New flag: yes"],
      },
    );
  });
});

describe("expiresIn", () => {
  const now = new Date("2026-01-01T00:00:00Z");
  it("counts whole hours down, then minutes, then says expired", () => {
    expect(expiresIn("2026-01-01T05:30:00Z", now)).toBe("expires in about 6 hours");
    expect(expiresIn("2026-01-01T00:40:00Z", now)).toBe("expires in about 40 minutes");
    expect(expiresIn("2026-01-01T00:00:00Z", now)).toBe("expired");
  });
});
