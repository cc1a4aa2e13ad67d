import { describe, expect, it } from "vitest";
import { workspaceName } from "./workspace-name.shared";

describe("workspaceName", () => {
  it("is the workspace's name whenever the registry gives one", () => {
    expect(workspaceName({ name: "paris", id: "3f2b8c1e-0a4d-4e5f-9b6c-7d8e9f0a1b2c" })).toBe("paris");
  });

  it("falls back to a shortened id, said to be one, only when the name is unknown or blank", () => {
    expect(workspaceName({ workspaceId: "3f2b8c1e-0a4d-4e5f-9b6c-7d8e9f0a1b2c" })).toBe("unnamed workspace (id 3f2b8c1e…)");
    expect(workspaceName({ name: "  ", id: "ws-1" })).toBe("unnamed workspace (id ws-1)");
  });
});
