/**
 * `npm test`'s first step (and `npm run test:e2e`'s): makes sure the browser the Playwright specs launch is
 * there before anything long runs. Missing, as root on Debian it installs Debian's chromium (as .ci/run does);
 * otherwise it stops at once with the command that installs it and the variable that points elsewhere.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { browserSetting, decideBrowser, type Machine } from "./browser-check";

function hasCommand(name: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export type BrowserCheckDependencies = Machine & {
  env: Record<string, string | undefined>;
  playwrightChromium: () => string;
  /** Runs a command with the terminal attached; throws when it fails. */
  run: (command: string, args: string[], env: Record<string, string | undefined>) => void;
  say: (line: string) => void;
};

const thisMachine = (): BrowserCheckDependencies => ({
  env: process.env,
  playwrightChromium: () => chromium.executablePath(),
  exists: existsSync,
  isRoot: process.getuid?.() === 0,
  debianLike: existsSync("/etc/debian_version") && hasCommand("apt-get"),
  run: (command, args, env) => execFileSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } }),
  say: (line) => console.log(line),
});

/** Makes sure the browser is there (installing Debian's chromium when it may); returns the message to stop with, if any. */
export function ensureBrowser(deps: BrowserCheckDependencies = thisMachine()): string | undefined {
  const decision = decideBrowser(browserSetting(deps.env, deps.playwrightChromium), deps);
  if (decision.kind === "ready") return undefined;
  if (decision.kind === "stop") return decision.message;
  deps.say(`[test] ${decision.announcement}`);
  const env = { ...deps.env, DEBIAN_FRONTEND: "noninteractive" };
  try {
    deps.run("apt-get", ["update", "-qq"], env);
    deps.run("apt-get", ["install", "-y", "-qq", "chromium"], env);
  } catch {
    return "Installing Debian's chromium failed (see apt-get's output above). Install it with: apt-get install chromium — or set PLAYWRIGHT_CHROMIUM_PATH to another Chromium or Chrome binary.";
  }
  if (!deps.exists(decision.path))
    return `Debian's chromium was installed, yet ${decision.path} is still missing. Set PLAYWRIGHT_CHROMIUM_PATH to the Chromium binary.`;
  deps.say(`[test] Installed Debian's chromium at ${decision.path}.`);
  return undefined;
}

// Run as `tsx scripts/check-browser.ts` (npm test's first step); scripts/e2e.ts imports ensureBrowser instead.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const problem = ensureBrowser();
  if (problem) {
    console.error(`\n[test] ${problem}\n`);
    process.exit(1);
  }
}
