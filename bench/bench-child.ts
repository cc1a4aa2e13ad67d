/**
 * A comparison server of a bench (a minimal receiver or hub) in its own process, run with tsx, so that its CPU and
 * memory are measured apart from the bench's. Resolves once the script prints "ready".
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { serverNodeFlags } from "../scripts/launcher-process";

const root = path.resolve(import.meta.dirname, "..");

export type BenchChild = { stop: () => Promise<void> };

/** Runs `bench/<script>` with `args`; rejects if it exits before it is ready. */
export async function startBenchChild(script: string, args: string[]): Promise<BenchChild> {
  const child = spawn(process.execPath, [...serverNodeFlags, path.join(root, "bench", script), ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
    child.on("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { stop: () => new Promise<void>((resolve) => (child.once("exit", () => resolve()), child.kill("SIGTERM"))) };
}
