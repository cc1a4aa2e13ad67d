import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildIsCurrent, markBuildCurrent, sourceFingerprint } from "./build-stamp";

describe("build stamp", () => {
  it("calls a build current only for the sources it was made from", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "stamp-"));
    mkdirSync(path.join(root, "app"));
    mkdirSync(path.join(root, ".next"));
    writeFileSync(path.join(root, "app", "page.tsx"), "one");
    const first = sourceFingerprint(root);
    expect(buildIsCurrent(root, first)).toBe(false); // no BUILD_ID yet
    writeFileSync(path.join(root, ".next", "BUILD_ID"), "x");
    markBuildCurrent(root, first);
    expect(buildIsCurrent(root, first)).toBe(true);

    writeFileSync(path.join(root, "app", "page.tsx"), "two");
    expect(sourceFingerprint(root)).not.toBe(first);
    writeFileSync(path.join(root, "app", "page.tsx"), "one");
    writeFileSync(path.join(root, "app", "page.test.tsx"), "tests do not go into the build");
    expect(sourceFingerprint(root)).toBe(first);
  });
});
