import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { anchors, brokenLink, docPages, headingSlug, linkTargets, root, withoutCodeBlocks } from "./docs-pages";

/** Repository paths named in the text: `lib/auth/`, `e2e/vault.spec.ts`, `app/(console)/settings/risk/actions.ts`… */
function namedPaths(markdown: string): string[] {
  const folders = "(?:\\.ci|app|bench|components|db|docs|e2e|lib|scripts|simulator|test|types)";
  const text = withoutCodeBlocks(markdown);
  return [...text.matchAll(new RegExp(`(?<![\\w./-])${folders}/[\\w.()\\[\\]/-]*`, "g"))].map((match) => {
    let named = match[0].replace(/\.+$/, "");
    while (named.endsWith(")") && named.split("(").length < named.split(")").length) named = named.slice(0, -1);
    // A path cut at a pattern or a placeholder (`lib/risk/*.test.ts`, `app/(console)/…`, `/companies/<id>`) counts
    // up to its last whole folder.
    const next = text[match.index + match[0].length] ?? "";
    return /[*…<{]/.test(next) ? named.replace(/[^/]*$/, "") : named;
  });
}

describe("links in the README and docs/", () => {
  const pages = docPages();

  it("reads every page and its links", () => {
    expect(pages.map((p) => p.file)).toContain("docs/simulator.md");
    expect(pages.length).toBeGreaterThan(10);
    expect(linkTargets(pages.find((p) => p.file === "README.md")!.text).length).toBeGreaterThan(15);
  });

  it.each(pages.map((p) => [p.file, p.text] as const))("every relative link and #anchor in %s resolves", (file, text) => {
    expect(linkTargets(text).flatMap((target) => brokenLink(file, target) ?? [])).toEqual([]);
  });

  it.each(pages.map((p) => [p.file, p.text] as const))("every repository path %s names exists", (file, text) => {
    expect(namedPaths(text).filter((named) => !existsSync(path.join(root, named)))).toEqual([]);
  });
});

describe("how a link is checked", () => {
  it("gives a heading GitHub's anchor", () => {
    expect(headingSlug("Job queue (Settings → Jobs)")).toBe("job-queue-settings--jobs");
    expect(headingSlug("The `LARGE` company, **bold**")).toBe("the-large-company-bold");
    expect([...anchors("# A\n## Figures\n```\n# not a heading\n```\n### Figures\n")]).toEqual(["a", "figures", "figures-1"]);
  });

  it("finds links and images in prose, not in code", () => {
    expect(linkTargets("See [a](docs/a.md#x) and ![b](docs/images/b.png). `[c](nowhere.md)`\n```\n[d](nowhere.md)\n```\n")).toEqual([
      "docs/a.md#x",
      "docs/images/b.png",
    ]);
  });

  it("names a missing file, a missing anchor and a link out of the repository", () => {
    expect(brokenLink("README.md", "docs/no-such-page.md")).toMatch(/no file docs\/no-such-page\.md/);
    expect(brokenLink("docs/simulator.md", "security.md#no-such-heading")).toMatch(/no heading .*#no-such-heading in docs\/security\.md/);
    expect(brokenLink("docs/simulator.md", "../../etc/passwd")).toMatch(/outside/);
    expect(brokenLink("docs/search.md", "simulator.md#special-company-ids")).toBeUndefined();
    expect(brokenLink("README.md", "#roles")).toBeUndefined();
    expect(brokenLink("README.md", "https://example.com/#anything")).toBeUndefined();
  });

  it("finds the repository paths a page names", () => {
    expect(namedPaths("The launcher (`scripts/start.ts`), lib/company-file/ and `lib/risk/*.test.ts`; see e2e/vault.spec.ts.")).toEqual([
      "scripts/start.ts",
      "lib/company-file/",
      "lib/risk/",
      "e2e/vault.spec.ts",
    ]);
  });
});
