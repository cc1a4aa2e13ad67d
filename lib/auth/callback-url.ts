import "server-only";
/**
 * Where to go after signing in: the `callbackUrl` resolved against the console's origin, kept only as a
 * path on that origin. Anything that leaves it (`//evil.com`, `/\evil.com`, `/<tab>/evil.com`,
 * `https://evil.com`, `javascript:…`) becomes `/`.
 */
export function sameOriginPath(value: unknown, origin: string): string {
  const base = new URL(origin).origin;
  if (typeof value !== "string" || value === "") return "/";
  const resolved = resolveOn(value, base);
  if (!resolved) return "/";
  const path = resolved.pathname + resolved.search + resolved.hash;
  // The path itself must stay on the origin: `/.//evil.com` resolves to the path `//evil.com`, which a browser
  // reads as another host. So must its percent-decoded form, in case something decodes it once more.
  const decoded = decodeOnce(path);
  return decoded !== undefined && resolveOn(path, base) && resolveOn(decoded, base) ? path : "/";
}

function resolveOn(value: string, origin: string): URL | undefined {
  try {
    const url = new URL(value, origin);
    return url.origin === origin ? url : undefined;
  } catch {
    return undefined;
  }
}

function decodeOnce(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}
