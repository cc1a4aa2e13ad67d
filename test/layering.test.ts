import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Imports point down only: app/ → components/ → lib/ → db/, with the simulator beside them importing only the
 * registry contract. Every import counts: `import`, `import type`, `export … from`, `import()` and `require()`.
 */

const root = path.resolve(import.meta.dirname, "..");
const layers = ["app", "components", "lib", "db", "simulator"] as const;
type Layer = (typeof layers)[number];

/** What each layer may import outside itself (a folder, or one file without its extension). */
const allowed: Record<Layer, readonly string[]> = {
  app: ["components", "lib", "db"],
  components: ["lib", "db"],
  lib: ["db"],
  db: ["lib/env"],
  // The contract: the schemas and what they are built on (the registry's country list, its metadata and workspace limits).
  simulator: [
    "lib/registry/schemas",
    "lib/registry/countries",
    "lib/registry/graph-mermaid",
    "lib/registry/metadata-limits",
    "lib/registry/workspace-limits",
  ],
};
/** Tooling folders: only tests may use their helpers. */
const testHelpers = ["test", "simulator", "scripts", "e2e", "bench"];

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** The repository path an import specifier names (without extension), or undefined for a package. */
function importTarget(file: string, specifier: string): string | undefined {
  if (specifier.startsWith("@/")) return path.posix.normalize(specifier.slice(2));
  if (specifier.startsWith(".")) return path.posix.join(path.posix.dirname(file), specifier);
  return undefined;
}

/** Why an import from `file` to the repository path `target` points the wrong way; undefined when it does not. */
function layeringProblem(file: string, target: string): string | undefined {
  const from = file.split("/")[0] as Layer;
  const to = target.split("/")[0]!;
  if (to === from) return undefined;
  const inside = (prefix: string) => target === prefix || target.startsWith(`${prefix}/`) || target.startsWith(`${prefix}.`);
  if (allowed[from].some(inside)) return undefined;
  if (isTest(file) && testHelpers.includes(to)) return undefined;
  return `${from}/ may import only ${allowed[from].join(", ")}${isTest(file) ? ` (tests also ${testHelpers.join(", ")})` : ""}`;
}

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === ".next" ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [relative] : [];
  });
}

function specifiers(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  return ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName);
}

const files = layers.flatMap(sourceFiles);
const imports = new Map(files.map((file) => [file, specifiers(file)]));

describe("layering", () => {
  it("reads the whole tree", () => {
    expect(files.length).toBeGreaterThan(300);
    expect(imports.get("db/schema.ts")).toContain("./vocabulary");
    expect(imports.get("components/shell/user-menu.tsx")).toContain("./user-menu-dropdown"); // a dynamic import()
  });

  it("names a back-import", () => {
    expect(layeringProblem("components/graph/ownership-tab.tsx", "app/(console)/requests/[requestId]/graph-actions")).toBeDefined();
    expect(layeringProblem("lib/requests/store-snapshot.ts", "components/dossier/x")).toBeDefined();
    expect(layeringProblem("db/schema.ts", "lib/auth/roles")).toBeDefined();
    expect(layeringProblem("db/client.ts", "lib/env")).toBeUndefined();
    expect(layeringProblem("db/client.ts", "lib/environment")).toBeDefined();
    expect(layeringProblem("simulator/server.ts", "lib/registry/client")).toBeDefined();
    expect(layeringProblem("lib/webhooks/verify.ts", "simulator/webhooks/sign")).toBeDefined();
    expect(layeringProblem("lib/webhooks/verify.test.ts", "simulator/webhooks/sign")).toBeUndefined();
    expect(importTarget("components/dossier/a.tsx", "../../app/x")).toBe("app/x");
  });

  it("has every import point down", () => {
    const problems: string[] = [];
    for (const [file, list] of imports) {
      for (const specifier of list) {
        const target = importTarget(file, specifier);
        const problem = target === undefined ? undefined : layeringProblem(file, target);
        if (problem) problems.push(`${file} imports ${specifier}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("has no import cycle", () => {
    const known = new Set(files);
    const resolve = (target: string) =>
      [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`].find((f) => known.has(f));
    const edges = new Map(
      files.map((file) => [file, (imports.get(file) ?? []).flatMap((s) => resolve(importTarget(file, s) ?? "") ?? [])]),
    );
    // Depth-first search; a file met again while still on the path closes a cycle.
    const done = new Set<string>();
    const cycles: string[] = [];
    const visit = (file: string, trail: string[]) => {
      const at = trail.indexOf(file);
      if (at >= 0) return void cycles.push([...trail.slice(at), file].join(" → "));
      if (done.has(file)) return;
      for (const next of edges.get(file)!) visit(next, [...trail, file]);
      done.add(file);
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
