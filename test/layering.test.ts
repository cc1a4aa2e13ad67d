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
    "lib/registry/schemas.shared",
    "lib/registry/countries.shared",
    "lib/registry/graph-mermaid.shared",
    "lib/registry/metadata-limits.shared",
    "lib/registry/workspace-limits.shared",
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

/**
 * The lib/ domain a file belongs to: its folder under lib/ (`lib/alerts`), or the file itself for one directly in lib/
 * (`lib/crypto.ts`); undefined outside lib/.
 */
function libDomain(file: string): string | undefined {
  const parts = file.split("/");
  if (parts[0] !== "lib" || parts.length < 2) return undefined;
  return parts.length === 2 ? file : `lib/${parts[1]}`;
}

/**
 * The import cycles between lib/ domains (each a folder, or a file directly in lib/), from `edges`: each file's
 * imports as repository files. Tests are left out: a test may set its module up through a higher one. Each strongly
 * connected set of domains is named by its shortest cycle through each of its domains, every step with one import
 * that makes it.
 */
function folderCycles(edges: ReadonlyMap<string, readonly string[]>): string[] {
  const graph = new Map<string, Map<string, string>>(); // domain → domain it imports → one file-level import that does it
  for (const [file, targets] of edges) {
    const from = libDomain(file);
    if (!from || isTest(file)) continue;
    for (const target of targets) {
      const to = libDomain(target);
      if (!to || to === from) continue;
      const out = graph.get(from) ?? new Map<string, string>();
      if (!out.has(to)) out.set(to, `${file} imports ${target}`);
      graph.set(from, out);
    }
  }
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const connect = (domain: string) => {
    index.set(domain, index.size);
    low.set(domain, index.get(domain)!);
    stack.push(domain);
    for (const next of graph.get(domain)?.keys() ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(domain, Math.min(low.get(domain)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(domain, Math.min(low.get(domain)!, index.get(next)!));
    }
    if (low.get(domain) !== index.get(domain)) return;
    const component: string[] = [];
    let member: string;
    do component.push((member = stack.pop()!));
    while (member !== domain);
    if (component.length > 1) components.push(component.sort());
  };
  for (const domain of [...graph.keys()].sort()) if (!index.has(domain)) connect(domain);

  const cycles: string[] = [];
  for (const component of components) {
    const inside = new Set(component);
    const named = new Set<string>();
    for (const start of component) {
      // Breadth-first from `start` back to it, inside the component: its shortest cycle.
      const previous = new Map<string, string>();
      const queue = [start];
      while (queue.length && !previous.has(start)) {
        const at = queue.shift()!;
        for (const next of [...(graph.get(at)?.keys() ?? [])].sort()) {
          if (!inside.has(next) || previous.has(next)) continue;
          previous.set(next, at);
          queue.push(next);
        }
      }
      const path = [start];
      for (let at = previous.get(start)!; at !== start; at = previous.get(at)!) path.unshift(at);
      const first = path.indexOf([...path].sort()[0]!);
      const rotated = [...path.slice(first), ...path.slice(0, first)];
      const key = rotated.join(" → ");
      if (named.has(key)) continue;
      named.add(key);
      const steps = rotated.map((domain, i) => graph.get(domain)!.get(rotated[(i + 1) % rotated.length]!)!);
      cycles.push(`${key} → ${rotated[0]}\n    ${steps.join("\n    ")}`);
    }
  }
  return cycles;
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
const known = new Set(files);
const resolve = (target: string) =>
  [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`].find((f) => known.has(f));
/** Each file's imports, as the repository files they resolve to. */
const edges = new Map(files.map((file) => [file, (imports.get(file) ?? []).flatMap((s) => resolve(importTarget(file, s) ?? "") ?? [])]));

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

  it("names a cycle between lib/ domains, with the imports that make it", () => {
    const sample = new Map([
      ["lib/a/one.ts", ["lib/b/two.ts"]],
      ["lib/b/two.ts", ["lib/crypto.ts"]],
      ["lib/crypto.ts", ["lib/a/three.ts"]],
      ["lib/a/three.ts", []],
      ["lib/c/four.ts", ["lib/a/one.ts"]],
      ["lib/b/two.test.ts", ["lib/c/four.ts"]],
      ["app/page.tsx", ["lib/a/one.ts"]],
    ]);
    expect(folderCycles(sample)).toEqual([
      "lib/a → lib/b → lib/crypto.ts → lib/a\n    lib/a/one.ts imports lib/b/two.ts\n    lib/b/two.ts imports lib/crypto.ts\n    lib/crypto.ts imports lib/a/three.ts",
    ]);
    expect(
      folderCycles(
        new Map([
          ["lib/a/one.ts", ["lib/b/two.ts"]],
          ["lib/b/two.ts", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("has no import cycle between lib/ domains (folders, and the files directly in lib/)", () => {
    expect(folderCycles(edges)).toEqual([]);
  });
});
