import { describe, expect, it } from "vitest";
import { workspaceRows } from "./workspace-rows";

const usage = [
  { workspaceId: "id-b", name: "branch", credits: 12.5, requestCount: 2 },
  { workspaceId: "id-x", name: "seen", credits: 3, requestCount: 1 },
  // A total the registry reports for another range than the window: not this page's figure.
  { workspaceId: "id-d", name: "default", credits: undefined, requestCount: 4 },
];

describe("workspaceRows", () => {
  it("shows the registry's list with each workspace's usage matched by id, none where it has no entry", () => {
    const listed = [
      { id: "id-d", name: "default", legalName: null, uboEnabled: true, isDefault: true },
      { id: "id-b", name: "renamed-branch", legalName: "Branch Ltd", uboEnabled: false, isDefault: false },
    ];
    expect(workspaceRows(listed, ["ignored"], usage)).toEqual([
      { id: "id-d", name: "default", legalName: null, uboEnabled: true, isDefault: true, usage: undefined },
      {
        id: "id-b",
        name: "renamed-branch",
        legalName: "Branch Ltd",
        uboEnabled: false,
        isDefault: false,
        usage: { credits: 12.5, requestCount: 2 },
      },
    ]);
  });

  it("falls back to the known names, usage matched by name, and nothing claimed of what is not known", () => {
    expect(workspaceRows(undefined, ["seen", "made-here"], usage)).toEqual([
      { name: "seen", usage: { credits: 3, requestCount: 1 } },
      { name: "made-here", usage: undefined },
    ]);
    expect(workspaceRows(undefined, ["seen"], undefined)).toEqual([{ name: "seen", usage: undefined }]);
  });
});
