/**
 * The README and the pages under docs/, read for the docs tests: their text, what a reader sees as prose (code
 * removed), their links and the anchors GitHub gives their headings.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");

export type Page = { file: string; text: string };

/** README.md and every docs/*.md, by repository path. */
export function docPages(): Page[] {
  const docs = readdirSync(path.join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`);
  return ["README.md", ...docs].map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }));
}

/** The text with fenced code blocks blanked (line numbers kept), so nothing in them reads as a link or a heading. */
export function withoutCodeBlocks(markdown: string): string {
  let fenced = false;
  return markdown
    .split("\n")
    .map((line) => {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        return "";
      }
      return fenced ? "" : line;
    })
    .join("\n");
}

/** The text as prose: no code blocks and no inline code. */
export function prose(markdown: string): string {
  return withoutCodeBlocks(markdown).replace(/`[^`\n]*`/g, "");
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, each space a hyphen. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*]/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** Every anchor of a page, with GitHub's -1, -2… for a heading that repeats. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const match of withoutCodeBlocks(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = headingSlug(match[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** The target of every Markdown link and image in the prose (`[text](target)`, `![alt](target)`). */
export function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
}

/** Why a link from `page` leads nowhere, or undefined when it resolves (external links are not followed). */
export function brokenLink(page: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  const [pathPart, anchor] = target.split("#", 2) as [string, string | undefined];
  const file = pathPart === "" ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeURIComponent(pathPart)));
  if (file.startsWith("..")) return `${target}: outside the repository`;
  if (!existsSync(path.join(root, file))) return `${target}: no file ${file}`;
  if (anchor === undefined) return undefined;
  if (!file.endsWith(".md")) return `${target}: an anchor in a file that is not Markdown`;
  const known = anchors(readFileSync(path.join(root, file), "utf8"));
  return known.has(anchor) ? undefined : `${target}: no heading with the anchor #${anchor} in ${file}`;
}

/** The top-level folders with tracked files in them (what a clone holds), from the repository's file list. */
export function topLevelFolders(trackedFiles: readonly string[]): string[] {
  return [...new Set(trackedFiles.filter((file) => file.includes("/")).map((file) => file.split("/")[0]!))].sort();
}

/** The folders directly under lib/ with tracked files in them: the domains. */
export function libDomains(trackedFiles: readonly string[]): string[] {
  return [...new Set(trackedFiles.filter((file) => /^lib\/[^/]+\//.test(file)).map((file) => file.split("/")[1]!))].sort();
}
