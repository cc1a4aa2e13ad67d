import { describe, expect, it } from "vitest";
import { workspacePatchBodySchema } from "@/lib/registry/schemas.shared";
import { workspaceCreateBodySchema } from "@/lib/registry/workspace-body-schemas.shared";
import { legalNameRemaining } from "./workspace-limits.shared";

const accepted = (legalName: string) => workspacePatchBodySchema.safeParse({ legalName }).success;

describe("legalNameRemaining", () => {
  it("counts an emoji outside the basic plane as one character, as the contract's max does", () => {
    expect(legalNameRemaining("Acme")).toBe(251);
    expect(legalNameRemaining("😀")).toBe(254);
  });

  it.each([
    ["255 emoji (510 UTF-16 units)", "😀".repeat(255), 0],
    ["256 emoji", "😀".repeat(256), -1],
    ["254 letters and an emoji", "a".repeat(254) + "😀", 0],
    ["255 letters and a lone surrogate", "a".repeat(255) + "\ud800", -1],
    ["256 letters", "a".repeat(256), -1],
  ])("agrees with the contract on both sides of the limit: %s", (_, name, remaining) => {
    expect(legalNameRemaining(name)).toBe(remaining);
    expect(accepted(name)).toBe(remaining >= 0);
    expect(workspaceCreateBodySchema.safeParse({ name: "w", legalName: name }).success).toBe(remaining >= 0);
  });
});
