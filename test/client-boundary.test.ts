import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * What the browser may import shows in a module's name. A lib/ module is either `*.shared.ts(x)`, safe anywhere (the
 * browser, the simulator, a script), or starts with `import "server-only"`. No chain of imports from a `"use client"`
 * module, or from a `*.shared` one, reaches a module that imports `server-only`.
 *
 * Only imports that stay in the compiled code count (a worker's `new URL("./x.worker.ts", import.meta.url)` too):
 * `import type`, and an import whose names are all types, are erased. A `"use server"` module is not followed: a client gets references to its actions, never its code.
 */

const root = path.resolve(import.meta.dirname, "..");

type ModuleFacts = {
  /** The directive prologue: "use client", "use server". */
  directives: string[];
  /** The specifiers of the imports that stay in the compiled code, dynamic `import()` included. */
  imports: string[];
  /** Imports `server-only` anywhere. */
  serverOnly: boolean;
  /** Its first statement is `import "server-only"`. */
  startsServerOnly: boolean;
};

const allTypes = (elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>) =>
  elements.length > 0 && elements.every((element) => element.isTypeOnly);

function moduleFacts(fileName: string, text: string): ModuleFacts {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const directives: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) break;
    directives.push(statement.expression.text);
  }
  const imports: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const names = clause?.namedBindings;
      const erased = clause && (clause.isTypeOnly || (!clause.name && names && ts.isNamedImports(names) && allTypes(names.elements)));
      if (!erased) imports.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const names = node.exportClause;
      const erased = node.isTypeOnly || (names && ts.isNamedExports(names) && allTypes(names.elements));
      if (!erased) imports.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteralLike(specifier)) imports.push(specifier.text);
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "URL") {
      // `new Worker(new URL("./layout.worker.ts", import.meta.url))`: the bundler builds the file for the browser too.
      const [specifier, base] = node.arguments ?? [];
      if (specifier && ts.isStringLiteralLike(specifier) && base?.getText(source) === "import.meta.url") imports.push(specifier.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const first = source.statements[0];
  const startsServerOnly =
    first !== undefined &&
    ts.isImportDeclaration(first) &&
    !first.importClause &&
    (first.moduleSpecifier as ts.StringLiteral).text === "server-only";
  return { directives, imports, serverOnly: imports.includes("server-only"), startsServerOnly };
}

/** The repository file an import names (`@/` or relative), or undefined for a package or a non-TypeScript file. */
function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  let base: string;
  if (specifier.startsWith("@/")) base = path.posix.normalize(specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((file) => files.has(file));
}

const isShared = (file: string) => /\.shared\.tsx?$/.test(file);

/**
 * Each server-only module reachable from a `"use client"` or `*.shared` module, with the shortest chain of imports
 * that reaches it, from a client module where one does ("components/a.tsx → lib/b.shared.ts → lib/c.ts → server-only").
 */
function serverOnlyChains(modules: ReadonlyMap<string, ModuleFacts>): string[] {
  const files = new Set(modules.keys());
  const reachedFrom = new Map<string, string | undefined>();
  const walk = (roots: string[]) => {
    const queue = roots.filter((file) => !reachedFrom.has(file));
    for (const file of queue) reachedFrom.set(file, undefined);
    while (queue.length > 0) {
      const file = queue.shift()!;
      const facts = modules.get(file)!;
      if (facts.serverOnly || facts.directives.includes("use server")) continue;
      for (const specifier of facts.imports) {
        const target = resolveImport(file, specifier, files);
        if (target === undefined || reachedFrom.has(target)) continue;
        reachedFrom.set(target, file);
        queue.push(target);
      }
    }
  };
  const sorted = [...files].sort();
  walk(sorted.filter((file) => modules.get(file)!.directives.includes("use client")));
  walk(sorted.filter(isShared));
  const chains: string[] = [];
  for (const file of reachedFrom.keys()) {
    if (!modules.get(file)!.serverOnly) continue;
    const chain = [file];
    for (let at = reachedFrom.get(file); at !== undefined; at = reachedFrom.get(at)) chain.unshift(at);
    chains.push([...chain, "server-only"].join(" → "));
  }
  return chains;
}

/** The lib/ modules that are neither `*.shared` nor start with `import "server-only"`. */
function unmarkedLibModules(modules: ReadonlyMap<string, ModuleFacts>): string[] {
  return [...modules]
    .filter(([file, facts]) => file.startsWith("lib/") && !isShared(file) && !facts.startsServerOnly)
    .map(([file]) => file);
}

function readTree(): Map<string, ModuleFacts> {
  const files = ["app", "components", "lib", "db"].flatMap((folder) =>
    fs
      .readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
      .map((file) => `${folder}/${file.split(path.sep).join("/")}`)
      .filter((file) => /\.tsx?$/.test(file) && !/\.(test\.tsx?|d\.ts)$/.test(file)),
  );
  return new Map(files.sort().map((file) => [file, moduleFacts(file, fs.readFileSync(path.join(root, file), "utf8"))]));
}

describe("client boundary", () => {
  const tree = readTree();

  it("reads the whole tree", () => {
    expect(tree.size).toBeGreaterThan(500);
    expect(tree.get("components/live/live-provider.tsx")?.directives).toContain("use client");
    expect(tree.get("lib/crypto.ts")?.serverOnly).toBe(true);
    expect(tree.get("app/(console)/monitors/actions.ts")?.directives).toContain("use server");
  });

  it("no client module, nor a *.shared one, reaches a server-only module", () => {
    expect(serverOnlyChains(tree)).toEqual([]);
  });

  it('every lib/ module is named *.shared or starts with import "server-only"', () => {
    expect(unmarkedLibModules(tree)).toEqual([]);
  });
});

describe("the boundary check", () => {
  const modules = (sources: Record<string, string>) =>
    new Map(Object.entries(sources).map(([file, text]) => [file, moduleFacts(file, text)]));
  const serverOnly = 'import "server-only";\nexport const key = "secret";\n';

  it("names the chain from a client module to a server-only one, through @/ and relative imports", () => {
    const tree = modules({
      "components/card.tsx": '"use client";\nimport { label } from "@/lib/words/label.shared";\n',
      "lib/words/label.shared.ts": 'import { key } from "../keys";\nexport const label = key;\n',
      "lib/keys.ts": serverOnly,
    });
    expect(serverOnlyChains(tree)).toEqual(["components/card.tsx → lib/words/label.shared.ts → lib/keys.ts → server-only"]);
  });

  it("follows re-exports, dynamic imports and workers, not type-only imports", () => {
    const reached = (client: string) =>
      serverOnlyChains(modules({ "components/a.tsx": `"use client";\n${client}`, "lib/keys.ts": serverOnly }));
    expect(reached('export { key } from "@/lib/keys";')).toHaveLength(1);
    expect(reached('const keys = () => import("@/lib/keys");')).toHaveLength(1);
    expect(reached('new Worker(new URL("../lib/keys.ts", import.meta.url), { type: "module" });')).toHaveLength(1);
    expect(reached('import { key, type Key } from "@/lib/keys";')).toHaveLength(1);
    expect(reached('import type { Key } from "@/lib/keys";')).toEqual([]);
    expect(reached('import { type Key } from "@/lib/keys";')).toEqual([]);
    expect(reached('export type { Key } from "@/lib/keys";')).toEqual([]);
  });

  it('stops at a "use server" module, and checks *.shared modules no client imports yet', () => {
    const tree = modules({
      "app/form.tsx": '"use client";\nimport { save } from "./actions";\n',
      "app/actions.ts": '"use server";\nimport { key } from "@/lib/keys";\n',
      "lib/keys.ts": serverOnly,
      "lib/contract.shared.ts": 'import { key } from "./keys";\n',
    });
    expect(serverOnlyChains(tree)).toEqual(["lib/contract.shared.ts → lib/keys.ts → server-only"]);
  });

  it('names the lib/ modules that say neither, or import "server-only" after something else', () => {
    const tree = modules({
      "lib/a.shared.ts": "export const a = 1;\n",
      "lib/b.ts": serverOnly,
      "lib/c.ts": "export const c = 1;\n",
      "lib/d.ts": 'import { a } from "./a.shared";\nimport "server-only";\n',
      "components/e.tsx": "export const e = 1;\n",
    });
    expect(unmarkedLibModules(tree)).toEqual(["lib/c.ts", "lib/d.ts"]);
  });
});
