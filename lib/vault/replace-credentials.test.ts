import { describe, expect, it } from "vitest";
import { replacementApprovalHref } from "./replace-credentials";

describe("replacementApprovalHref", () => {
  it("opens the source's form on the workspace with the change id, the names escaped", () => {
    const change = {
      id: "7d9f3c1e-0000-4000-8000-000000000000",
      details: { workspace: "a&b", sourceKey: "infogreffe", currentVersion: 1 },
    };
    expect(replacementApprovalHref(change)).toBe("/vault?workspace=a%26b&approve=7d9f3c1e-0000-4000-8000-000000000000#source-infogreffe");
  });
});
