import { describe, expect, it } from "vitest";
import { coverageRows, neededByText } from "./coverage-rows";

describe("coverageRows", () => {
  const sources = ["infogreffe", "handelsregister"];

  it("lists each source a workspace neither holds nor inherits, with monitor needs on the default workspace only", () => {
    const rows = coverageRows(
      [
        { workspace: "default", isDefault: true, heldOrInherited: [] },
        { workspace: "branch", isDefault: false, heldOrInherited: ["infogreffe"] },
      ],
      sources,
      ["infogreffe", "infogreffe", undefined, "handelsregister"],
    );
    expect(rows).toEqual([
      { workspace: "default", sourceKey: "infogreffe", neededByMonitors: 2 },
      { workspace: "default", sourceKey: "handelsregister", neededByMonitors: 1 },
      { workspace: "branch", sourceKey: "handelsregister", neededByMonitors: 0 },
    ]);
  });

  it("closes a gap once the workspace holds or inherits the source, whatever the monitors last said", () => {
    expect(coverageRows([{ workspace: "default", isDefault: true, heldOrInherited: sources }], sources, ["infogreffe"])).toEqual([]);
  });

  it("says how many monitors wait", () => {
    expect([0, 1, 2].map((neededByMonitors) => neededByText({ neededByMonitors }))).toEqual([
      "no monitor waits for it",
      "needed by 1 monitor",
      "needed by 2 monitors",
    ]);
  });
});
