import "server-only";
import { NextResponse } from "next/server";

/**
 * The HTTP status of every error a route handler answers, by the error's code: the one table (as dub's
 * `lib/api/errors.ts`). Handlers name a code, never a status. The webhook intake is not in it: it answers the
 * sender's protocol (lib/webhooks/receive.ts).
 */
export const errorStatuses = {
  invalid_input: 400,
  unauthenticated: 401,
  deactivated: 401,
  forbidden: 403,
  password_change_required: 403,
  not_found: 404,
  document_not_found: 404,
  no_connection: 409,
  connection_key_unreadable: 409,
  document_not_delivered: 409,
  /** A request with no snapshot yet has no evidence to pack. */
  request_not_delivered: 409,
  rate_limited: 429,
  /** Any other error the registry or a register's file host answered: the console is their gateway. */
  upstream: 502,
  document_url_refused: 502,
  document_too_large: 502,
  download_failed: 502,
  document_timeout: 504,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorStatuses;

const isKnown = (code: string): code is ErrorCode => Object.hasOwn(errorStatuses, code);

/** The status for `code`; a code the table does not name is the registry's own, so a gateway failure. */
export function statusFor(code: string): number {
  return isKnown(code) ? errorStatuses[code] : errorStatuses.upstream;
}

export type HttpFailure = { code: string; message: string; status?: number; retryAfter?: number };

/**
 * The JSON error answer `{ error: { code, message } }`. Its status is the table's for the code, or one the
 * failure already took from the table (a gateway failure that keeps the registry's code); a wait the registry
 * asked for goes out as Retry-After.
 */
export function errorResponse({ code, message, status = statusFor(code), retryAfter }: HttpFailure): NextResponse {
  const headers = retryAfter !== undefined ? { "Retry-After": String(retryAfter) } : undefined;
  return NextResponse.json({ error: { code, message } }, { status, headers });
}
