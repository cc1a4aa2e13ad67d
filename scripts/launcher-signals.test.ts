import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const scripts: Record<string, string> = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts;

// A stand-in for the launcher: its event loop is busy 100 ms at a time, as the real one can be on a
// loaded machine, and on SIGTERM it cleans up (the launcher stops Postgres there) before exiting.
const busyLauncher = `
process.on("SIGTERM", () => { console.log("cleaned up"); process.exit(0); });
setInterval(() => { const end = Date.now() + 100; while (Date.now() < end); }, 10);
console.log("ready");
`;
const dir = mkdtempSync(path.join(os.tmpdir(), "launcher-signals-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `npm run <name>`'s command with the stand-in in place of scripts/start.ts, signals it once ready. */
function stopWhileBusy(name: string): Promise<{ code: number | null; output: string }> {
  const stand = path.join(dir, "busy-launcher.mjs");
  writeFileSync(stand, busyLauncher);
  const [command, ...args] = scripts[name]!.replace("scripts/start.ts", stand).split(" ");
  const child = spawn(command === "node" ? process.execPath : command!, args, {
    cwd: root,
    env: { ...process.env, PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}` },
  });
  let output = "";
  return new Promise((resolve) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready") && !child.killed) child.kill("SIGTERM");
    });
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("stopping npm start while the launcher is busy", () => {
  // The tsx CLI relays a signal to its child and SIGKILLs it when the child has not answered within
  // about 60 ms: a busy launcher would die without stopping Postgres. So the launcher runs as one process.
  it.each(["start", "dev"])("npm run %s lets the launcher clean up after SIGTERM", async (name) => {
    const { code, output } = await stopWhileBusy(name);
    expect(output).toContain("cleaned up");
    expect(code).toBe(0);
  });
});
