/**
 * `npm test`'s first step (and `npm run test:e2e`'s): makes sure the browser the Playwright specs launch is
 * there before anything long runs (the browser tests run last, after minutes of lint, types and unit tests).
 * The browser is found as playwright.config.ts finds it. Missing, as root on Debian it installs Debian's
 * chromium-headless-shell (as .ci/run does); otherwise it stops at once with the command that installs it and the
 * variable that points elsewhere.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

/**
 * Debian's headless build of Chromium: the same Blink and V8 as the full browser without its windowing layers, it
 * runs the suite on about a quarter less CPU (measured on the alert and monitor specs: 75 CPU-seconds against 99).
 */
export const defaultChromiumPath = "/usr/bin/chromium-headless-shell";
const debianPackage = "chromium-headless-shell";

export type BrowserSetting =
  /** A binary: PLAYWRIGHT_CHROMIUM_PATH, or Debian's headless Chromium when it is unset. */
  | { kind: "path"; path: string; isDefault: boolean }
  /** PLAYWRIGHT_CHROMIUM_PATH set to an empty value: the browser Playwright installed itself. */
  | { kind: "playwright"; path: string };

/** The `executablePath` to launch the tests' browser with: undefined for the browser Playwright installed itself. */
export function launchPath(env: Record<string, string | undefined> = process.env): string | undefined {
  const setting = browserSetting(env, () => "");
  return setting.kind === "path" ? setting.path : undefined;
}

/** What playwright.config.ts will launch, given the environment and where Playwright keeps its own browser. */
export function browserSetting(env: Record<string, string | undefined>, playwrightChromium: () => string): BrowserSetting {
  const configured = env.PLAYWRIGHT_CHROMIUM_PATH;
  if (configured === undefined) return { kind: "path", path: defaultChromiumPath, isDefault: true };
  if (configured === "") return { kind: "playwright", path: playwrightChromium() };
  return { kind: "path", path: configured, isDefault: false };
}

export type Machine = {
  exists: (file: string) => boolean;
  isRoot: boolean;
  /** Debian or a derivative with apt-get: Debian's `chromium-headless-shell` package can be installed. */
  debianLike: boolean;
};

export type BrowserDecision =
  | { kind: "ready"; path: string }
  /** Install Debian's headless Chromium with apt-get, saying so; `path` must exist afterwards. */
  | { kind: "install"; path: string; announcement: string }
  | { kind: "stop"; message: string };

/** Whether the browser tests can run, and if not what to do about it: install Debian's headless Chromium, or stop with the way out. */
export function decideBrowser(setting: BrowserSetting, machine: Machine): BrowserDecision {
  if (machine.exists(setting.path)) return { kind: "ready", path: setting.path };
  if (setting.kind === "playwright") {
    return {
      kind: "stop",
      message: `The browser tests need Playwright's Chromium (PLAYWRIGHT_CHROMIUM_PATH is empty), and ${setting.path} is missing. Install it with: npx playwright install chromium`,
    };
  }
  if (!setting.isDefault) {
    return {
      kind: "stop",
      message: `The browser tests need Chromium, and PLAYWRIGHT_CHROMIUM_PATH names ${setting.path}, which does not exist. Point it at a Chromium or Chrome binary, or unset it to use Debian's headless Chromium at ${defaultChromiumPath}.`,
    };
  }
  if (machine.isRoot && machine.debianLike) {
    return {
      kind: "install",
      path: setting.path,
      announcement: `The browser tests need Chromium and ${setting.path} is missing: installing Debian's ${debianPackage} package (apt-get install ${debianPackage})…`,
    };
  }
  const install = machine.debianLike
    ? `sudo apt-get install ${debianPackage}`
    : "npx playwright install chromium (then set PLAYWRIGHT_CHROMIUM_PATH to an empty value to use it)";
  return {
    kind: "stop",
    message: `The browser tests need Chromium at ${setting.path}, which is missing; nothing was run. Install it with: ${install} — or set PLAYWRIGHT_CHROMIUM_PATH to another Chromium or Chrome binary.`,
  };
}

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

/** Makes sure the browser is there (installing Debian's headless Chromium when it may); returns the message to stop with, if any. */
export function ensureBrowser(deps: BrowserCheckDependencies = thisMachine()): string | undefined {
  const decision = decideBrowser(browserSetting(deps.env, deps.playwrightChromium), deps);
  if (decision.kind === "ready") return undefined;
  if (decision.kind === "stop") return decision.message;
  deps.say(`[test] ${decision.announcement}`);
  const env = { ...deps.env, DEBIAN_FRONTEND: "noninteractive" };
  try {
    deps.run("apt-get", ["update", "-qq"], env);
    deps.run("apt-get", ["install", "-y", "-qq", debianPackage], env);
  } catch {
    return `Installing Debian's ${debianPackage} failed (see apt-get's output above). Install it with: apt-get install ${debianPackage} — or set PLAYWRIGHT_CHROMIUM_PATH to another Chromium or Chrome binary.`;
  }
  if (!deps.exists(decision.path))
    return `Debian's ${debianPackage} was installed, yet ${decision.path} is still missing. Set PLAYWRIGHT_CHROMIUM_PATH to the Chromium binary.`;
  deps.say(`[test] Installed Debian's ${debianPackage} at ${decision.path}.`);
  return undefined;
}
