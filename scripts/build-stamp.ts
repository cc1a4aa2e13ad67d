import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

// Everything that goes into `next build`. A change to any of these makes the production build stale.
const inputs = [
  "app",
  "components",
  "lib",
  "db",
  "public",
  "types",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.ts",
  "tailwind.config.ts",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
];

function files(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .filter((d) => !d.name.startsWith("."))
    .flatMap((d) => files(root, path.join(entry, d.name)))
    .filter((f) => !/\.test\.tsx?$/.test(f));
}

/** A hash of the build's sources: equal hashes mean the existing build is current. */
export function sourceFingerprint(root: string): string {
  const hash = createHash("sha256");
  for (const file of inputs.flatMap((i) => files(root, i)).sort()) {
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(root, file)))
      .update("\0");
  }
  return hash.digest("hex");
}

const stampFile = (root: string) => path.join(root, ".next", "registry-desk-build-stamp");

export function buildIsCurrent(root: string, fingerprint: string): boolean {
  return (
    existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(stampFile(root)) && readFileSync(stampFile(root), "utf8") === fingerprint
  );
}

export function markBuildCurrent(root: string, fingerprint: string): void {
  writeFileSync(stampFile(root), fingerprint);
}

/**
 * Builds the production app with `next build` unless the build on disk was made from these very sources; says so
 * before a build. Rejects when the build fails.
 */
export async function buildWhenStale(root: string, say: (line: string) => void): Promise<void> {
  const fingerprint = sourceFingerprint(root);
  if (buildIsCurrent(root, fingerprint)) return;
  say("No current production build: building (about a minute)…");
  const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const code = await new Promise<number | null>((resolve) =>
    spawn(process.execPath, [nextBin, "build"], { cwd: root, env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }, stdio: "inherit" }).on(
      "exit",
      resolve,
    ),
  );
  if (code !== 0) throw new Error(`next build exited with ${code}`);
  markBuildCurrent(root, fingerprint);
}
