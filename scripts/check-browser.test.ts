import { describe, expect, it } from "vitest";
import {
  browserSetting,
  decideBrowser,
  defaultChromiumPath,
  ensureBrowser,
  launchPath,
  type BrowserCheckDependencies,
  type Machine,
} from "./check-browser";

const playwrightOwn = "/home/dev/.cache/ms-playwright/chromium-1/chrome";
const machine = (overrides: Partial<Machine> & { present?: string[] } = {}): Machine => ({
  exists: (file) => (overrides.present ?? []).includes(file),
  isRoot: false,
  debianLike: true,
  ...overrides,
});

describe("finding the browser the way playwright.config.ts does", () => {
  it("uses Debian's headless Chromium unless PLAYWRIGHT_CHROMIUM_PATH says otherwise; empty means Playwright's own", () => {
    expect(defaultChromiumPath).toBe("/usr/bin/chromium-headless-shell");
    expect(browserSetting({}, () => playwrightOwn)).toEqual({ kind: "path", path: defaultChromiumPath, isDefault: true });
    expect(browserSetting({ PLAYWRIGHT_CHROMIUM_PATH: "/opt/chrome/chrome" }, () => playwrightOwn)).toEqual({
      kind: "path",
      path: "/opt/chrome/chrome",
      isDefault: false,
    });
    expect(browserSetting({ PLAYWRIGHT_CHROMIUM_PATH: "" }, () => playwrightOwn)).toEqual({ kind: "playwright", path: playwrightOwn });
  });
});

describe("the path the browser is launched from", () => {
  it("is the default, the one named, or none (Playwright's own) when the variable is empty", () => {
    expect(launchPath({})).toBe("/usr/bin/chromium-headless-shell");
    expect(launchPath({ PLAYWRIGHT_CHROMIUM_PATH: "/opt/chrome/chrome" })).toBe("/opt/chrome/chrome");
    expect(launchPath({ PLAYWRIGHT_CHROMIUM_PATH: "" })).toBeUndefined();
  });
});

describe("what to do before the tests when the browser is missing", () => {
  const debian = browserSetting({}, () => playwrightOwn);

  it("goes ahead when the browser is there", () => {
    expect(decideBrowser(debian, machine({ present: [defaultChromiumPath] }))).toEqual({ kind: "ready", path: defaultChromiumPath });
  });

  it("as root on Debian, installs Debian's chromium-headless-shell and says so", () => {
    expect(decideBrowser(debian, machine({ isRoot: true }))).toEqual({
      kind: "install",
      path: defaultChromiumPath,
      announcement: expect.stringContaining(
        "installing Debian's chromium-headless-shell package (apt-get install chromium-headless-shell)",
      ),
    });
  });

  it("otherwise stops at once with the one command that installs it and the variable that points elsewhere", () => {
    const user = decideBrowser(debian, machine({ isRoot: false }));
    expect(user).toEqual({
      kind: "stop",
      message: expect.stringContaining(
        "Install it with: sudo apt-get install chromium-headless-shell — or set PLAYWRIGHT_CHROMIUM_PATH to another Chromium or Chrome binary",
      ),
    });
    const mac = decideBrowser(debian, machine({ isRoot: true, debianLike: false }));
    expect(mac).toEqual({ kind: "stop", message: expect.stringContaining("Install it with: npx playwright install chromium") });
    expect(mac.kind === "stop" && mac.message).toContain("PLAYWRIGHT_CHROMIUM_PATH");
  });

  it("never installs over a browser the user chose; names it instead", () => {
    const chosen = decideBrowser(
      browserSetting({ PLAYWRIGHT_CHROMIUM_PATH: "/opt/chrome/chrome" }, () => playwrightOwn),
      machine({ isRoot: true }),
    );
    expect(chosen).toEqual({
      kind: "stop",
      message: expect.stringContaining("PLAYWRIGHT_CHROMIUM_PATH names /opt/chrome/chrome, which does not exist"),
    });
    const own = decideBrowser(
      browserSetting({ PLAYWRIGHT_CHROMIUM_PATH: "" }, () => playwrightOwn),
      machine({ isRoot: true }),
    );
    expect(own).toEqual({ kind: "stop", message: expect.stringContaining("Install it with: npx playwright install chromium") });
  });
});

describe("the check that npm test runs first", () => {
  function fakeMachine(options: { isRoot: boolean; installWorks: boolean }) {
    const present = new Set<string>();
    const commands: string[] = [];
    const said: string[] = [];
    const deps: BrowserCheckDependencies = {
      env: {},
      playwrightChromium: () => playwrightOwn,
      exists: (file) => present.has(file),
      isRoot: options.isRoot,
      debianLike: true,
      run: (command, args, env) => {
        commands.push(`${env.DEBIAN_FRONTEND} ${command} ${args.join(" ")}`);
        if (args[0] === "install" && options.installWorks) present.add(defaultChromiumPath);
      },
      say: (line) => said.push(line),
    };
    return { deps, commands, said };
  }

  it("as root on Debian, updates apt and installs chromium, then goes ahead", () => {
    const { deps, commands, said } = fakeMachine({ isRoot: true, installWorks: true });
    expect(ensureBrowser(deps)).toBeUndefined();
    expect(commands).toEqual(["noninteractive apt-get update -qq", "noninteractive apt-get install -y -qq chromium-headless-shell"]);
    expect(said[0]).toMatch(/installing Debian's chromium-headless-shell/);
  });

  it("stops when the install leaves no browser, and never runs apt-get as another user", () => {
    const root = fakeMachine({ isRoot: true, installWorks: false });
    expect(ensureBrowser(root.deps)).toMatch(/still missing\. Set PLAYWRIGHT_CHROMIUM_PATH/);
    const user = fakeMachine({ isRoot: false, installWorks: true });
    expect(ensureBrowser(user.deps)).toMatch(/sudo apt-get install chromium-headless-shell/);
    expect(user.commands).toEqual([]);
  });
});
