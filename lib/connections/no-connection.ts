import "server-only";
import { RegistryError } from "@/lib/registry/registry-error.shared";

/** The error code when there is no connection to call the registry through. */
export const noConnection = "no_connection";

/** The one wording for a session with no connection to work through. */
export const noConnectionConfigured = "No registry connection is configured. An admin adds one in Settings → Connections.";

/** The one wording for a follow-up whose request's connection is gone (it never falls back to another). */
export const requestConnectionGone =
  "The registry connection this request was made through no longer exists; a request is followed up only through its own connection.";

/**
 * No registry call can be made: no connection is configured, or the request being followed up was made through
 * a connection that no longer exists. A RegistryError (409, not retryable), so it reaches the user wherever the
 * registry's own errors do.
 */
export class NoConnectionError extends RegistryError {
  constructor(message: typeof noConnectionConfigured | typeof requestConnectionGone) {
    super({ status: 409, code: noConnection, message, details: [], retryable: false });
    this.name = "NoConnectionError";
  }
}
