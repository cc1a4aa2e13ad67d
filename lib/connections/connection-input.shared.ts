import { z } from "zod";
import { connectionEnvironments } from "@/db/vocabulary";

const loopback = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** A base URL as stored: no trailing slash and no `/v2` (the client adds the version to every path). */
export function normaliseBaseUrl(url: string): string {
  return url.replace(/\/+$/, "").replace(/\/v2$/, "");
}

/** Whether two base URLs name the same API, read as URLs (host case, a default port and a trailing `/v2` do not count). */
export function sameBaseUrl(a: string, b: string): boolean {
  const read = (url: string) => {
    try {
      return normaliseBaseUrl(new URL(url).href);
    } catch {
      return url;
    }
  };
  return read(a) === read(b);
}

export const productionNeedsHttps = "A production connection must use https.";

/**
 * Why a connection may not have this environment and base URL together, or undefined: production goes over https
 * (plain http only to this machine). Checked by the form, and again where an approved change writes a connection.
 */
export function plainHttpProblem(connection: { environment: string; baseUrl: string }): string | undefined {
  const url = new URL(connection.baseUrl);
  const plain = url.protocol !== "https:" && !loopback.has(url.hostname);
  return connection.environment === "production" && plain ? productionNeedsHttps : undefined;
}

/** The form for adding or editing a connection, checked on the server (and in the browser for comfort). */
export const connectionInputSchema = z
  .object({
    name: z.string().trim().min(1, "Give the connection a name.").max(80, "Use at most 80 characters."),
    environment: z.enum(connectionEnvironments, "Choose production or sandbox."),
    baseUrl: z.url({ protocol: /^https?$/, error: "Enter the API's base URL, e.g. https://api.example.com" }).transform(normaliseBaseUrl),
    /** Empty when editing means "keep the stored key". */
    apiKey: z.string().trim().max(500).regex(/^\S*$/, "An API key has no spaces."),
    /** Empty means "keep" when editing; `clearWebhookSecret` removes it. */
    webhookSecret: z
      .string()
      .trim()
      .regex(/^(whsec_[A-Za-z0-9+/=]{16,})?$/, "A signing secret starts with whsec_ (copy it from Developers → Webhooks)."),
    clearWebhookSecret: z.boolean().default(false),
    isDefault: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    const problem = plainHttpProblem(value);
    if (problem) ctx.addIssue({ code: "custom", path: ["baseUrl"], message: problem });
  });

export type ConnectionInput = z.input<typeof connectionInputSchema>;
export type ConnectionFields = z.output<typeof connectionInputSchema>;

/** A sensitive connection change (adding, deleting, a new address or key, environment or default) needs a reason. */
export const reasonNeeded = "Say why: a second admin reads it before approving.";

export const reenterKeyMessage = "Enter the API key again to change the base URL.";
export const reenterSecretMessage = "Enter the signing secret again to change the base URL, or remove it.";

/**
 * A stored key (and signing secret) belongs to the address it was entered for: pointing a connection at another
 * base URL needs them entered again, so a stored key is never sent to a host its holder did not choose. The
 * field errors of an edit that changes the base URL without them; empty when nothing is missing.
 */
export function baseUrlChangeProblems(
  current: { baseUrl: string; hasWebhookSecret: boolean },
  next: Pick<ConnectionInput, "baseUrl" | "apiKey" | "webhookSecret" | "clearWebhookSecret">,
): Record<string, string[]> {
  if (sameBaseUrl(current.baseUrl, next.baseUrl)) return {};
  const problems: Record<string, string[]> = {};
  if (!next.apiKey.trim()) problems.apiKey = [reenterKeyMessage];
  if (current.hasWebhookSecret && !next.webhookSecret.trim() && !next.clearWebhookSecret) problems.webhookSecret = [reenterSecretMessage];
  return problems;
}

/**
 * How a key may be shown: its kind prefix (at most two short segments, e.g. `sk_dev_`) and its last
 * four characters; never more of the key than that.
 */
export function apiKeyHint(apiKey: string): string {
  const prefix = apiKey.match(/^[A-Za-z]{1,8}_(?:[A-Za-z]{1,8}_)?/)?.[0] ?? apiKey.slice(0, 3);
  return `${prefix}…${apiKey.slice(-4)}`;
}
