/**
 * The browser tests run last in `npm test`, after minutes of lint, types, unit tests and a build. Without a
 * browser every one of them would fail at the end, so `npm test` looks for it first (scripts/check-browser.ts).
 * The browser is found as playwright.config.ts finds it.
 */

export const defaultChromiumPath = "/usr/bin/chromium";

export type BrowserSetting =
  /** A binary: PLAYWRIGHT_CHROMIUM_PATH, or Debian's Chromium when it is unset. */
  | { kind: "path"; path: string; isDefault: boolean }
  /** PLAYWRIGHT_CHROMIUM_PATH set to an empty value: the browser Playwright installed itself. */
  | { kind: "playwright"; path: string };

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
  /** Debian or a derivative with apt-get: Debian's `chromium` package can be installed. */
  debianLike: boolean;
};

export type BrowserDecision =
  | { kind: "ready"; path: string }
  /** Install Debian's chromium with apt-get, saying so; `path` must exist afterwards. */
  | { kind: "install"; path: string; announcement: string }
  | { kind: "stop"; message: string };

/** Whether the browser tests can run, and if not what to do about it: install Debian's Chromium, or stop with the way out. */
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
      message: `The browser tests need Chromium, and PLAYWRIGHT_CHROMIUM_PATH names ${setting.path}, which does not exist. Point it at a Chromium or Chrome binary, or unset it to use Debian's Chromium at ${defaultChromiumPath}.`,
    };
  }
  if (machine.isRoot && machine.debianLike) {
    return {
      kind: "install",
      path: setting.path,
      announcement: `The browser tests need Chromium and ${setting.path} is missing: installing Debian's chromium package (apt-get install chromium)…`,
    };
  }
  const install = machine.debianLike
    ? "sudo apt-get install chromium"
    : "npx playwright install chromium (then set PLAYWRIGHT_CHROMIUM_PATH to an empty value to use it)";
  return {
    kind: "stop",
    message: `The browser tests need Chromium at ${setting.path}, which is missing; nothing was run. Install it with: ${install} — or set PLAYWRIGHT_CHROMIUM_PATH to another Chromium or Chrome binary.`,
  };
}
