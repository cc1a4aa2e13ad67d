import { describe, expect, it } from "vitest";
import { assignmentRefusal, transitionRefusal } from "./transitions.shared";

describe("transitionRefusal", () => {
  it("lets new go to in review or straight to resolved, and in review to resolved", () => {
    expect(transitionRefusal("new", "in_review")).toBeUndefined();
    expect(transitionRefusal("new", "resolved")).toBeUndefined();
    expect(transitionRefusal("in_review", "resolved")).toBeUndefined();
  });

  it("refuses anything from resolved, going back to new, and a repeated review", () => {
    for (const to of ["new", "in_review", "resolved"] as const) expect(transitionRefusal("resolved", to)).toMatch(/already resolved/);
    expect(transitionRefusal("in_review", "new")).toMatch(/cannot go back to new/);
    expect(transitionRefusal("new", "new")).toMatch(/cannot go back to new/);
    expect(transitionRefusal("in_review", "in_review")).toMatch(/already in review/);
  });
});

describe("assignmentRefusal", () => {
  it("lets open alerts be assigned, not resolved ones", () => {
    expect(assignmentRefusal("new")).toBeUndefined();
    expect(assignmentRefusal("in_review")).toBeUndefined();
    expect(assignmentRefusal("resolved")).toMatch(/already resolved/);
  });
});
