import "server-only";
import { RegistryError } from "./registry-error.shared";

/** Whether an answer is a redirect (3xx): never followed with the API key, always refused. */
export const isRedirect = (status: number) => status >= 300 && status < 400;

/**
 * The refusal of a 3xx answer from `who` ("The registry", "The simulator's control API"): named by its status and, at
 * most, the origin it points to (never its path or query, never the key).
 */
export function redirectRefusal(response: Response, requestUrl: string, who: string): RegistryError {
  let destination = "";
  try {
    const location = response.headers.get("location");
    if (location) destination = ` to ${new URL(location, requestUrl).origin}`;
  } catch {
    // An unreadable Location is named by the status alone.
  }
  return new RegistryError({
    status: 502,
    code: "unexpected_redirect",
    message: `${who} answered ${response.status}, a redirect${destination}. The console never follows a redirect with the API key, so the call was not sent on; check the connection's base URL.`,
    details: [],
    retryable: false,
  });
}
