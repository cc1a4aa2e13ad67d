/**
 * What the launcher prints when it stops comes from libraries (the Postgres driver, drizzle, Next.js) whose
 * messages it does not control. Every secret it holds is cut out of them before they reach the terminal or a log.
 */

/** The variables whose values are secret (a database URL counts through its password). */
const secretVariables = [
  "NEXTAUTH_SECRET",
  "APP_ENCRYPTION_KEY",
  "OIDC_CLIENT_SECRET",
  "ADMIN_PASSWORD",
  "NEW_APP_ENCRYPTION_KEY",
] as const;

/** Shorter values are not worth hiding, and cutting them out would garble ordinary words. */
const minimumLength = 4;

/** The password of a postgres:// URL in every spelling a message could repeat it (as written, decoded), and the URL itself. */
export function databaseUrlSecrets(url: string | undefined): string[] {
  if (!url) return [];
  let password = "";
  try {
    password = new URL(url).password;
  } catch {
    // Not a URL (lib/env.ts refuses it before anything connects): the whole value is the secret.
  }
  const decoded = (() => {
    try {
      return decodeURIComponent(password);
    } catch {
      return password;
    }
  })();
  return [url, password, decoded].filter((value) => value.length >= minimumLength);
}

/** The secrets in an environment: the secret variables' values and DATABASE_URL's password. */
export function environmentSecrets(source: Record<string, string | undefined>): string[] {
  return [...secretVariables.map((name) => source[name] ?? ""), ...databaseUrlSecrets(source.DATABASE_URL)].filter(
    (value) => value.length >= minimumLength,
  );
}

/** `text` with every secret replaced by `[redacted]` (longest first, so a URL goes before the password inside it). */
export function redactSecrets(text: string, secrets: Iterable<string>): string {
  const ordered = [...new Set(secrets)].filter((secret) => secret.length >= minimumLength).sort((a, b) => b.length - a.length);
  return ordered.reduce((redacted, secret) => redacted.replaceAll(secret, "[redacted]"), text);
}
