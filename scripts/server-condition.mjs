/**
 * Lets a Node.js process outside Next.js run lib/ server modules: the launcher, the app server, the scripts and the
 * e2e specs. Each such module starts with `import "server-only"`, which throws in plain Node.js; this resolves that
 * one package as Next.js's server bundles do (its "react-server" export, an empty module). Every other package
 * resolves as usual (React's "react-server" builds would break Next.js's own rendering in the app server).
 *
 * Load it before anything else: `node --import tsx --import ./scripts/server-condition.mjs <script>`, or
 * `tsx --import ./scripts/server-condition.mjs <script>`. A module graph is resolved before it runs, so registering
 * the hook from inside a script would come too late for the script's own imports.
 */
import { register } from "node:module";
import { isMainThread } from "node:worker_threads";

export async function resolve(specifier, context, nextResolve) {
  if (specifier !== "server-only") return nextResolve(specifier, context);
  return nextResolve(specifier, { ...context, conditions: [...context.conditions, "react-server"] });
}

// Loaded with --import, this registers itself; loaded again as the hook (on the loader's own thread), it does not.
if (isMainThread) register(import.meta.url);
