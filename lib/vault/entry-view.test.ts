import { describe, expect, it } from "vitest";
import { entryOrigin, expiryBadge, replacesHeldCredentials, versionRaced } from "./entry-view";

const now = new Date("2026-11-24T12:00:00Z");

describe("expiryBadge", () => {
  it("says expired, expires in N days within 30 days, and nothing later or without an expiry", () => {
    expect(expiryBadge("2026-11-24T11:59:59Z", now)).toBe("expired");
    expect(expiryBadge("2026-12-06T12:00:00Z", now)).toBe("expires in 12 days");
    expect(expiryBadge("2026-11-25T06:00:00Z", now)).toBe("expires in 1 day");
    expect(expiryBadge("2027-03-01T00:00:00Z", now)).toBeUndefined();
    expect(expiryBadge(null, now)).toBeUndefined();
  });
});

describe("entryOrigin", () => {
  it("is set here when resolved from the workspace asked for, inherited otherwise, not known without its id", () => {
    expect(entryOrigin({ inheritedFromWorkspaceId: "ws-a" }, "ws-a")).toBe("set here");
    expect(entryOrigin({ inheritedFromWorkspaceId: "ws-default" }, "ws-a")).toBe("inherited from the default workspace");
    expect(entryOrigin({ inheritedFromWorkspaceId: "ws-default" }, undefined)).toBe("not known");
  });
});

describe("replacesHeldCredentials", () => {
  it("holds for an entry set here or of unknown origin, not for an inherited one or a new source", () => {
    expect(replacesHeldCredentials([{ sourceKey: "a", from: "set here" }], "a")).toBe(true);
    expect(replacesHeldCredentials([{ sourceKey: "a", from: "not known" }], "a")).toBe(true);
    expect(replacesHeldCredentials([{ sourceKey: "a", from: "inherited from the default workspace" }], "a")).toBe(false);
    expect(replacesHeldCredentials([{ sourceKey: "a", from: "set here" }], "b")).toBe(false);
  });
});

describe("versionRaced", () => {
  it("is false only when the version moved by exactly one", () => {
    expect(versionRaced(0, 1)).toBe(false);
    expect(versionRaced(0, 2)).toBe(true);
    expect(versionRaced(3, 3)).toBe(true);
  });
});
