import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { docPages, libDomains, prose, root, topLevelFolders } from "./docs-pages";

const pages = docPages();
const page = (file: string) => pages.find((p) => p.file === file)!.text;
const readme = page("README.md");

/** The repository's files: those git tracks, and new ones it does not ignore (a clone holds exactly the first). */
const repositoryFiles = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((file) => file !== "" && existsSync(path.join(root, file)));

/** The folders the README's folder table names in its first column (`lib/auth/`, `app/`…), without the slash. */
function tableFolders(markdown: string): string[] {
  const start = markdown.indexOf("<!-- folders:start -->");
  const end = markdown.indexOf("<!-- folders:end -->");
  if (start < 0 || end < start) return [];
  return markdown
    .slice(start, end)
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...line.split("|")[1]!.matchAll(/`([^`]+)\/`/g)].map((m) => m[1]!));
}

/** Sentences that speak of work not done yet: the docs describe what exists. */
const statusWords =
  /not built yet|not (?:yet )?implemented|where we stand|coming soon|work in progress|\bWIP\b|\bTODO\b|\bFIXME\b|\bTBD\b|\bplanned\b|\broadmap\b/i;

function statusSentences(markdown: string): string[] {
  return prose(markdown)
    .split(/(?<=[.!?])\s+|\n/)
    .filter((sentence) => statusWords.test(sentence));
}

describe("the README", () => {
  it("is the front door: short, with a screenshot of the console", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(200);
    const screenshot = /!\[[^\]]+\]\((docs\/images\/[\w-]+\.png)\)/.exec(readme)?.[1];
    expect(screenshot).toBeDefined();
    expect(statSync(path.join(root, screenshot!)).size).toBeGreaterThan(10_000);
  });

  it("tells the two commands: how to start and how to test", () => {
    expect(readme).toContain("npm install && npm start");
    expect(readme).toMatch(/```bash\nnpm test\n```/);
  });

  it("names every top-level folder and every lib/ domain in its folder table, and nothing that does not exist", () => {
    const named = tableFolders(readme);
    const expected = [...topLevelFolders(repositoryFiles), ...libDomains(repositoryFiles).map((domain) => `lib/${domain}`)];
    expect(expected.filter((folder) => !named.includes(folder))).toEqual([]);
    expect(named.filter((folder) => !existsSync(path.join(root, folder)) || !statSync(path.join(root, folder)).isDirectory())).toEqual([]);
  });

  it("links every page of docs/", () => {
    const linked = [...readme.matchAll(/\]\((docs\/[\w-]+\.md)(?:#[\w-]*)?\)/g)].map((m) => m[1]);
    expect(pages.map((p) => p.file).filter((file) => file.startsWith("docs/") && !linked.includes(file))).toEqual([]);
  });
});

describe("the docs describe what exists", () => {
  it.each(pages.map((p) => [p.file, p.text] as const))("%s has no status or plan paragraph", (_file, text) => {
    expect(statusSentences(text)).toEqual([]);
  });

  it("documents every environment variable lib/env.ts reads, and none it does not", () => {
    const envSource = readFileSync(path.join(root, "lib/env.ts"), "utf8");
    // NODE_ENV is Node's own and set by the launcher, not a setting.
    const read = [...new Set([...envSource.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!))].filter((name) => name !== "NODE_ENV");
    const configuration = page("docs/configuration.md");
    const documented = [...configuration.matchAll(/^\| (`[A-Z][A-Z0-9_]+`(?:, `[A-Z][A-Z0-9_]+`)*) \|/gm)].flatMap((m) =>
      [...m[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((v) => v[1]!),
    );
    expect(read.length).toBeGreaterThan(15);
    expect(read.filter((name) => !documented.includes(name))).toEqual([]);
    const sources = [
      "lib/env.ts",
      "scripts/e2e.ts",
      "scripts/start.ts",
      "scripts/check-browser.ts",
      "simulator/main.ts",
      "playwright.config.ts",
    ]
      .filter((file) => existsSync(path.join(root, file)))
      .map((file) => readFileSync(path.join(root, file), "utf8"))
      .join("\n");
    expect(documented.filter((name) => !sources.includes(name))).toEqual([]);
  });

  it("names only npm scripts package.json has, and lists every benchmark", () => {
    const scripts = Object.keys(
      (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts,
    );
    const mentioned = [...new Set(pages.flatMap((p) => [...p.text.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!)))];
    expect(mentioned.filter((name) => !scripts.includes(name))).toEqual([]);
    const testing = page("docs/testing.md");
    expect(scripts.filter((name) => name.startsWith("bench:") && !testing.includes(`\`npm run ${name}\``))).toEqual([]);
  });
});

describe("what the docs tests look for", () => {
  it("reads the folders of a folder table", () => {
    const table =
      "<!-- folders:start -->\n| folder | what |\n|---|---|\n| `app/` | routes |\n| `lib/auth/`, `lib/users/` | auth; users `db/` |\n<!-- folders:end -->";
    expect(tableFolders(table)).toEqual(["app", "lib/auth", "lib/users"]);
    expect(tableFolders("| `app/` | no markers |")).toEqual([]);
  });

  it("finds a status paragraph, but not in code or a word that only looks like one", () => {
    expect(statusSentences("Search works. Dual control itself is not built yet.")).toEqual(["Dual control itself is not built yet."]);
    expect(statusSentences("The calendar is planned for later.")).toHaveLength(1);
    expect(statusSentences("Run `grep TODO` to see. The rating is Not rated yet, and the model is not published yet.")).toEqual([]);
  });

  it("reads the top-level folders and lib/ domains from the file list", () => {
    const files = ["README.md", "app/page.tsx", "lib/env.ts", "lib/auth/roles.shared.ts", "lib/auth/x/y.ts", ".ci/run"];
    expect(topLevelFolders(files)).toEqual([".ci", "app", "lib"]);
    expect(libDomains(files)).toEqual(["auth"]);
  });
});
