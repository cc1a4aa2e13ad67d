/**
 * A module resolution hook for scripts/app-server.ts: `server-only` resolves as it does inside Next.js's server
 * bundles (its "react-server" export, an empty module), because the launcher's server is server code. Every other
 * package resolves as usual (React's "react-server" builds would break Next.js's own rendering).
 */
export async function resolve(specifier, context, nextResolve) {
  if (specifier !== "server-only") return nextResolve(specifier, context);
  return nextResolve(specifier, { ...context, conditions: [...context.conditions, "react-server"] });
}
