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

  it("counts the root files Next.js builds: the proxy and the instrumentation hook", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "stamp-"));
    const before = sourceFingerprint(root);
    writeFileSync(path.join(root, "proxy.ts"), "export function proxy() {}");
    const withProxy = sourceFingerprint(root);
    expect(withProxy).not.toBe(before);
    writeFileSync(path.join(root, "instrumentation.ts"), "export function register() {}");
    expect(sourceFingerprint(root)).not.toBe(withProxy);
  });
});
