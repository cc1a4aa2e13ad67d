import { describe, expect, it } from "vitest";
import { workspaceRows } from "./workspace-rows";

const usage = {
  startDate: "2026-04-20",
  endDate: "2026-05-20",
  workspaces: [
    { workspaceId: "id-b", name: "branch", totalCreditCents: 1250, requestCount: 2 },
    { workspaceId: "id-x", name: "seen", totalCreditCents: 300, requestCount: 1 },
  ],
};

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
        usage: { totalCreditCents: 1250, requestCount: 2 },
      },
    ]);
  });

  it("falls back to the known names, usage matched by name, and nothing claimed of what is not known", () => {
    expect(workspaceRows(undefined, ["seen", "made-here"], usage)).toEqual([
      { name: "seen", usage: { totalCreditCents: 300, requestCount: 1 } },
      { name: "made-here", usage: undefined },
    ]);
    expect(workspaceRows(undefined, ["seen"], undefined)).toEqual([{ name: "seen", usage: undefined }]);
  });
});
