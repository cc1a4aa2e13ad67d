import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The spec's error body: `{statusCode, error: {code, message, details?}}`. */
export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  details?: string[],
  headers: Record<string, string> = {},
) {
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  return c.json({ statusCode: status, error: { code, message, ...(details && { details }) } }, status);
}

/** Zod issues as the `details` of an invalid_request error. */
export function issueDetails(issues: { path: PropertyKey[]; message: string }[]): string[] {
  return issues.map((i) => `${i.path.map(String).join(".") || "body"}: ${i.message}`);
}
