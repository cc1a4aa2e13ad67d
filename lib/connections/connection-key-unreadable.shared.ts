import { RegistryError } from "@/lib/registry/registry-error.shared";

/** The error code of a connection whose stored API key this server cannot decrypt. */
export const connectionKeyUnreadable = "connection_key_unreadable";

/**
 * No registry call can be made through a connection whose stored API key does not open under this server's
 * APP_ENCRYPTION_KEY (sealed under another key, altered or corrupt, or not a sealed value at all). It is a
 * RegistryError (409, not retryable: only entering the key again helps), so it reaches the user wherever the
 * registry's own errors do. The message names the connection and the reason; never the key, the sealed
 * value or the encryption key.
 */
export class ConnectionKeyUnreadableError extends RegistryError {
  constructor(connectionName: string, reason: string) {
    super({
      status: 409,
      code: connectionKeyUnreadable,
      message: `The API key stored for connection “${connectionName}” cannot be decrypted with this server's APP_ENCRYPTION_KEY (${reason.charAt(0).toLowerCase()}${reason.slice(1)}). An admin can enter the key again in Settings → Connections.`,
      details: [],
      retryable: false,
    });
    this.name = "ConnectionKeyUnreadableError";
  }
}
